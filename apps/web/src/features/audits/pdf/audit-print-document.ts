// The audit as a print-ready A4 HTML document: header data, score and band, the risk matrix,
// every item with status, risk, notes, action owner, due date, snag and photos, and both
// signatures with names and times. Pure: takes data in, gives a string out, escapes all text.
import {
  auditStatusFor,
  COMPLIANCE_BAND_LABELS,
  complianceBand,
  complianceScore,
  countStatuses,
  ITEM_STATUS_LABELS,
  LIKELIHOOD_LABELS,
  RISK_BAND_LABELS,
  riskBand,
  riskMatrix,
  riskScore,
  SEVERITY_LABELS,
} from "@sitesnag/shared/audit-scoring";
import { AUDIT_SECTIONS } from "@sitesnag/shared/audit-template";
import type { AuditDetail, AuditSummary, ChecklistItem } from "@sitesnag/shared/audits";
import { PRINT_CSS } from "./print-styles";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const text = (value: string, empty = "—") => (value.trim() ? escapeHtml(value) : empty);
/** Only our own image data URLs go into src attributes. */
const safeImage = (url: string | undefined) =>
  url && /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(url) ? url : "";

export type PrintInput = {
  summary: AuditSummary;
  detail: AuditDetail;
  /** Photo id → data URL. */
  photos: Record<string, string>;
  numbers: Record<string, string>;
  formatDate: (seconds: number) => string;
  formatDateTime: (seconds: number) => string;
};

const formatIsoDate = (iso: string, input: PrintInput) => {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(ms) ? input.formatDate(Math.floor(ms / 1000)) : iso;
};

function metaTable(input: PrintInput, status: string): string {
  const { detail, summary } = input;
  const f = detail.formData;
  const rows: [string, string][] = [
    ["Project", text(f.projectName || summary.projectName)],
    ["Project type", text(f.projectType.join(", "))],
    ["Site address", text(f.siteAddress)],
    ["Principal contractor", text(f.principalContractor)],
    ["Auditor", `${text(f.auditorName)}${f.auditorRole.trim() ? `, ${escapeHtml(f.auditorRole)}` : ""}`],
    [
      "Date and time",
      `${f.auditDate ? escapeHtml(formatIsoDate(f.auditDate, input)) : "—"} ${escapeHtml(f.auditTime)}`,
    ],
    ["Weather", text(f.weather)],
    ["Shift", text(f.shift)],
    ["Induction confirmed", f.inductionConfirmed ? "Yes" : "No"],
    ["Site contact", `${text(f.siteContact)}${f.siteContactTel.trim() ? ` · ${escapeHtml(f.siteContactTel)}` : ""}`],
    ["Status", status],
    ["Checklist", escapeHtml(detail.templateVersion)],
  ];
  if (detail.notes.trim()) rows.push(["Notes", escapeHtml(detail.notes)]);
  return `<table class="meta">${rows.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")}</table>`;
}

function matrixTable(input: PrintInput): string {
  const rows = riskMatrix(input.detail.checklist)
    .map(
      (row) =>
        `<tr><th>${row[0]?.severity} ${SEVERITY_LABELS[row[0]?.severity ?? 0]}</th>${row
          .map(
            (cell) =>
              `<td class="risk-${cell.band}">${cell.itemIds.length ? cell.itemIds.map((id) => `<b>${escapeHtml(input.numbers[id] ?? "")}</b>`).join("") : cell.score}</td>`,
          )
          .join("")}</tr>`,
    )
    .join("");
  const head = [1, 2, 3, 4, 5].map((l) => `<th>${l} ${LIKELIHOOD_LABELS[l]}</th>`).join("");
  return `<table class="matrix" aria-label="Risk matrix"><tr><th>Severity ↓ / Likelihood →</th>${head}</tr>${rows}</table>`;
}

function itemRow(item: ChecklistItem, input: PrintInput): string {
  const score = riskScore(item.riskSeverity, item.riskLikelihood);
  const band = riskBand(score);
  const statusClass = item.status === "" ? "none" : item.status === "N/A" ? "NA" : item.status;
  const risk = score
    ? `<span class="risk-${band}" style="padding:0 1mm">${score} ${RISK_BAND_LABELS[band]}</span><br><span class="muted">${SEVERITY_LABELS[item.riskSeverity ?? 0]} × ${LIKELIHOOD_LABELS[item.riskLikelihood ?? 0]}</span>`
    : "—";
  const photos = item.photos
    .map((id, n) => safeImage(input.photos[id]) && `<img src="${safeImage(input.photos[id])}" alt="Photo ${n + 1}">`)
    .join("");
  const action = [
    item.actionOwner.trim() ? `Owner: ${escapeHtml(item.actionOwner)}` : "",
    item.dueDate !== null ? `Due: ${input.formatDate(item.dueDate)}` : "",
    item.snag ? `Snag: ${escapeHtml(item.snag.reference)}` : "",
  ].filter(Boolean);
  return `<tr>
<td>${escapeHtml(input.numbers[item.id] ?? "")}</td>
<td>${escapeHtml(item.question)}${item.notes.trim() ? `<br><span class="muted">Notes: ${escapeHtml(item.notes)}</span>` : ""}${photos ? `<div class="photos">${photos}</div>` : ""}</td>
<td class="status st-${statusClass}">${ITEM_STATUS_LABELS[item.status]}</td>
<td>${risk}</td>
<td>${action.length ? action.join("<br>") : "—"}</td>
</tr>`;
}

function signatureBlock(role: string, name: string, image: string, signedAt: number | null, input: PrintInput): string {
  const src = safeImage(image);
  return `<div><p><b>${role}</b>: ${text(name)}</p>${src ? `<img src="${src}" alt="${role} signature">` : `<div class="unsigned">Not signed</div>`}<p class="muted">${src && signedAt ? `Signed ${input.formatDateTime(signedAt)}` : "Not signed"}</p></div>`;
}

export function buildAuditPrintDocument(input: PrintInput): string {
  const { detail, summary } = input;
  const score = complianceScore(detail.checklist);
  const band = complianceBand(score);
  const c = countStatuses(detail.checklist);
  // What is on screen is what prints: the status follows the signatures, saved or not.
  const status =
    auditStatusFor(detail.auditorSignature, detail.siteRepSignature) === "completed" ? "Completed" : "Draft";
  const title = `Site Safety Audit – ${detail.formData.projectName || summary.projectName}`;
  const sections = AUDIT_SECTIONS.map((section, n) => {
    const items = detail.checklist.filter((i) => i.section === section.id);
    if (items.length === 0) return "";
    return `<section class="sec"><h2>${n + 1}. ${escapeHtml(section.title)}</h2>
<table class="items"><tr><th style="width:7%">No.</th><th>Item</th><th style="width:13%">Status</th><th style="width:17%">Risk</th><th style="width:20%">Action</th></tr>
${items.map((i) => itemRow(i, input)).join("")}</table></section>`;
  }).join("");
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PRINT_CSS}</style></head>
<body><main class="sheet">
<h1>${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(input.formatDate(summary.auditDate))} · SiteSnag site audit</p>
${metaTable(input, status)}
<h2>Compliance score</h2>
<div class="score"><div class="big band-${band}">${score}%</div><div><b>${COMPLIANCE_BAND_LABELS[band]}</b><br>
${c.compliant} compliant · ${c.improvement} improvement · ${c.nonCompliant} non-compliant · ${c.notApplicable} N/A · ${c.notAssessed} not assessed, of ${c.total} items</div></div>
<h2>Risk matrix</h2>
${matrixTable(input)}
${sections}
<h2>Signatures</h2>
<div class="signatures">
${signatureBlock("Auditor", detail.formData.auditorName, detail.auditorSignature, detail.auditorSignedAt, input)}
${signatureBlock("Site representative", detail.siteRepName, detail.siteRepSignature, detail.siteRepSignedAt, input)}
</div>
</main></body></html>`;
}
