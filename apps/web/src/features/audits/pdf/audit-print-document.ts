// The audit as a print-ready A4 HTML document: header data, score and band, the risk matrix,
// every item with status, risk, notes, action owner, due date, snag and photos, and both
// signatures with names and times. Pure: takes data in, gives a string out, escapes all text.
// Its own words are in the reader's language (`t`, issue 35), the standard template's sections and
// questions too; what people typed, and a custom template's words, stay as written.
import {
  auditStatusFor,
  complianceBand,
  complianceScore,
  countStatuses,
  riskBand,
  riskMatrix,
  riskScore,
} from "@sitesnag/shared/audit-scoring";
import { AUDIT_SECTIONS, type ProjectType } from "@sitesnag/shared/audit-template";
import { standardQuestionId, standardSectionId } from "@sitesnag/shared/audit-template-i18n";
import { STANDARD_TEMPLATE_ID } from "@sitesnag/shared/audit-template-model";
import type { AuditDetail, AuditSummary, ChecklistItem } from "@sitesnag/shared/audits";
import type { MessageId } from "../../../i18n/i18n";
import type { Translate } from "../../../i18n/use-t";
import {
  COMPLIANCE_BAND,
  ITEM_STATUS,
  likelihoodLabel,
  PROJECT_TYPE,
  RISK_BAND,
  severityLabel,
} from "../components/labels";
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
  /** The reader's language: the document's words and its `lang`. */
  t: Translate;
  locale: string;
};

const formatIsoDate = (iso: string, input: PrintInput) => {
  const ms = Date.parse(`${iso}T00:00:00Z`);
  return Number.isFinite(ms) ? input.formatDate(Math.floor(ms / 1000)) : iso;
};

/** A project type the audit stored (English) in the reader's language; any other as written. */
const projectTypeText = (t: Translate, type: string) =>
  Object.hasOwn(PROJECT_TYPE, type) ? t(PROJECT_TYPE[type as ProjectType]) : type;

function metaTable(input: PrintInput, status: string): string {
  const { detail, summary, t } = input;
  const f = detail.formData;
  const rows: [string, string][] = [
    [t("audits.print.project"), text(f.projectName || summary.projectName)],
    [t("audits.form.projectType"), text(f.projectType.map((type) => projectTypeText(t, type)).join(", "))],
    [t("audits.form.siteAddress"), text(f.siteAddress)],
    [t("audits.form.principalContractor"), text(f.principalContractor)],
    [
      t("audits.signatures.auditor"),
      `${text(f.auditorName)}${f.auditorRole.trim() ? `, ${escapeHtml(f.auditorRole)}` : ""}`,
    ],
    [
      t("audits.print.dateTime"),
      `${f.auditDate ? escapeHtml(formatIsoDate(f.auditDate, input)) : "—"} ${escapeHtml(f.auditTime)}`,
    ],
    [t("audits.form.weather"), text(f.weather)],
    [t("audits.form.shift"), text(f.shift)],
    [t("audits.print.induction"), t(f.inductionConfirmed ? "audits.answer.yes" : "audits.answer.no")],
    [
      t("audits.form.siteContact"),
      `${text(f.siteContact)}${f.siteContactTel.trim() ? ` · ${escapeHtml(f.siteContactTel)}` : ""}`,
    ],
    [t("audits.print.status"), status],
    [t("audits.checklist"), escapeHtml(detail.templateVersion)],
  ];
  if (detail.notes.trim()) rows.push([t("audits.print.notes"), escapeHtml(detail.notes)]);
  return `<table class="meta">${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${v}</td></tr>`).join("")}</table>`;
}

function matrixTable(input: PrintInput): string {
  const { t } = input;
  const rows = riskMatrix(input.detail.checklist)
    .map(
      (row) =>
        `<tr><th>${row[0]?.severity} ${escapeHtml(t(severityLabel(row[0]?.severity ?? 0)))}</th>${row
          .map(
            (cell) =>
              `<td class="risk-${cell.band}">${cell.itemIds.length ? cell.itemIds.map((id) => `<b>${escapeHtml(input.numbers[id] ?? "")}</b>`).join("") : cell.score}</td>`,
          )
          .join("")}</tr>`,
    )
    .join("");
  const head = [1, 2, 3, 4, 5].map((l) => `<th>${l} ${escapeHtml(t(likelihoodLabel(l)))}</th>`).join("");
  return `<table class="matrix" aria-label="${escapeHtml(t("audits.matrix.title"))}"><tr><th>${escapeHtml(t("audits.print.matrixCorner"))}</th>${head}</tr>${rows}</table>`;
}

function itemRow(item: ChecklistItem, question: string, input: PrintInput): string {
  const { t } = input;
  const score = riskScore(item.riskSeverity, item.riskLikelihood);
  const band = riskBand(score);
  const statusClass = item.status === "" ? "none" : item.status === "N/A" ? "NA" : item.status;
  const risk = score
    ? `<span class="risk-${band}" style="padding:0 1mm">${score} ${escapeHtml(t(RISK_BAND[band]))}</span><br><span class="muted">${escapeHtml(t(severityLabel(item.riskSeverity ?? 0)))} × ${escapeHtml(t(likelihoodLabel(item.riskLikelihood ?? 0)))}</span>`
    : "—";
  const photos = item.photos
    .map(
      (id, n) =>
        safeImage(input.photos[id]) &&
        `<img src="${safeImage(input.photos[id])}" alt="${escapeHtml(t("audits.print.photo", { n: n + 1 }))}">`,
    )
    .join("");
  const action = [
    item.actionOwner.trim() ? escapeHtml(t("audits.print.owner", { name: item.actionOwner })) : "",
    item.dueDate !== null ? escapeHtml(t("audits.print.due", { date: input.formatDate(item.dueDate) })) : "",
    item.snag ? escapeHtml(t("audits.print.snag", { reference: item.snag.reference })) : "",
  ].filter(Boolean);
  return `<tr>
<td>${escapeHtml(input.numbers[item.id] ?? "")}</td>
<td>${escapeHtml(question)}${item.notes.trim() ? `<br><span class="muted">${escapeHtml(t("audits.print.itemNotes", { notes: item.notes }))}</span>` : ""}${photos ? `<div class="photos">${photos}</div>` : ""}</td>
<td class="status st-${statusClass}">${escapeHtml(t(ITEM_STATUS[item.status] ?? ITEM_STATUS[""]))}</td>
<td>${risk}</td>
<td>${action.length ? action.join("<br>") : "—"}</td>
</tr>`;
}

type Signer = { role: string; alt: string; name: string; image: string; signedAt: number | null };

function signatureBlock({ role, alt, name, image, signedAt }: Signer, input: PrintInput): string {
  const src = safeImage(image);
  const notSigned = escapeHtml(input.t("audits.signatures.notSigned"));
  const signed = src && signedAt ? input.t("audits.signatures.signedAt", { time: input.formatDateTime(signedAt) }) : "";
  return `<div><p><b>${escapeHtml(role)}</b>: ${text(name)}</p>${src ? `<img src="${src}" alt="${escapeHtml(alt)}">` : `<div class="unsigned">${notSigned}</div>`}<p class="muted">${signed ? escapeHtml(signed) : notSigned}</p></div>`;
}

export function buildAuditPrintDocument(input: PrintInput): string {
  const { detail, summary, t } = input;
  const score = complianceScore(detail.checklist);
  const band = complianceBand(score);
  const c = countStatuses(detail.checklist);
  // What is on screen is what prints: the status follows the signatures, saved or not.
  const status = t(
    auditStatusFor(detail.auditorSignature, detail.siteRepSignature) === "completed"
      ? "audits.status.completed"
      : "audits.status.draft",
  );
  // The standard template's words in the reader's language (a custom template's as written).
  const isStandard = !detail.template || detail.template.id === STANDARD_TEMPLATE_ID;
  const local = (id: string | undefined, english: string) =>
    isStandard && id ? t([id as MessageId, [english]]) : english;
  const title = t("audits.print.title", { project: detail.formData.projectName || summary.projectName });
  const sections = AUDIT_SECTIONS.map((section, n) => {
    const items = detail.checklist.filter((i) => i.section === section.id);
    if (items.length === 0) return "";
    return `<section class="sec"><h2>${n + 1}. ${escapeHtml(local(standardSectionId(section.id), section.title))}</h2>
<table class="items"><tr><th style="width:7%">${escapeHtml(t("audits.print.number"))}</th><th>${escapeHtml(t("audits.print.item"))}</th><th style="width:13%">${escapeHtml(t("audits.print.status"))}</th><th style="width:17%">${escapeHtml(t("audits.risk.label"))}</th><th style="width:20%">${escapeHtml(t("audits.print.action"))}</th></tr>
${items.map((i) => itemRow(i, local(standardQuestionId(i.id, i.question), i.question), input)).join("")}</table></section>`;
  }).join("");
  const counts = t("audits.print.counts", {
    compliant: c.compliant,
    improvement: c.improvement,
    nonCompliant: c.nonCompliant,
    na: c.notApplicable,
    notAssessed: c.notAssessed,
    total: c.total,
  });
  return `<!doctype html><html lang="${escapeHtml(input.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${PRINT_CSS}</style></head>
<body><main class="sheet">
<h1>${escapeHtml(title)}</h1>
<p class="muted">${escapeHtml(t("audits.print.subtitle", { date: input.formatDate(summary.auditDate) }))}</p>
${metaTable(input, escapeHtml(status))}
<h2>${escapeHtml(t("audits.score.title"))}</h2>
<div class="score"><div class="big band-${band}">${score}%</div><div><b>${escapeHtml(t(COMPLIANCE_BAND[band]))}</b><br>
${escapeHtml(counts)}</div></div>
<h2>${escapeHtml(t("audits.matrix.title"))}</h2>
${matrixTable(input)}
${sections}
<h2>${escapeHtml(t("audits.signatures.title"))}</h2>
<div class="signatures">
${signatureBlock(
  {
    role: t("audits.signatures.auditor"),
    alt: t("audits.signatures.auditorSignature"),
    name: detail.formData.auditorName,
    image: detail.auditorSignature,
    signedAt: detail.auditorSignedAt,
  },
  input,
)}
${signatureBlock(
  {
    role: t("audits.signatures.siteRep"),
    alt: t("audits.signatures.siteRepSignature"),
    name: detail.siteRepName,
    image: detail.siteRepSignature,
    signedAt: detail.siteRepSignedAt,
  },
  input,
)}
</div>
</main></body></html>`;
}
