import { AUDIT_TEMPLATE_VERSION, type AuditDetail, type AuditSummary, newChecklist } from "@sitesnag/shared/audits";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../../i18n/test-translator";
import { itemNumbers } from "../audit-numbers";
import { buildAuditPrintDocument, escapeHtml } from "./audit-print-document";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const summary: AuditSummary = {
  id: "a1",
  userId: "u1",
  projectId: "p1",
  projectName: "Block B",
  auditDate: Date.parse("2026-11-20T00:00:00Z") / 1000,
  auditorName: "Pat",
  status: "draft",
  overallScore: 0,
  totalItems: 27,
  passedItems: 0,
  failedItems: 0,
  notes: "",
  templateVersion: AUDIT_TEMPLATE_VERSION,
  createdAt: 1,
  updatedAt: 1,
};

function detail(overrides: Partial<AuditDetail> = {}): AuditDetail {
  const checklist = newChecklist().map((i, n) =>
    n === 0
      ? {
          ...i,
          status: "NC" as const,
          notes: "<b>bad</b>",
          riskSeverity: 5,
          riskLikelihood: 5,
          photos: ["ph1"],
          snag: { id: "r1", reference: "SNAG-20261120-1234" },
        }
      : n === 1
        ? { ...i, status: "C" as const }
        : i,
  );
  return {
    auditId: "a1",
    userId: "u1",
    templateVersion: AUDIT_TEMPLATE_VERSION,
    notes: "",
    formData: {
      projectType: ["New build", "Civils"],
      projectName: "Block B",
      siteAddress: "1 Quay St",
      principalContractor: "Acme <script>alert(1)</script>",
      auditorName: "Pat Foreman",
      auditorRole: "SHE advisor",
      auditDate: "2026-11-20",
      auditTime: "09:30",
      weather: "Dry",
      shift: "Days",
      inductionConfirmed: true,
      siteContact: "Sam",
      siteContactTel: "0117 000 0000",
    },
    checklist,
    auditorSignature: PNG,
    auditorSignedAt: Date.parse("2026-11-20T10:00:00Z") / 1000,
    siteRepName: "Jo Rep",
    siteRepSignature: "",
    siteRepSignedAt: null,
    updatedAt: 1,
    ...overrides,
  };
}

const build = (
  d: AuditDetail,
  photos: Record<string, string> = { ph1: "data:image/jpeg;base64,/9j/AA==" },
  locale: Locale = "en-GB",
) =>
  buildAuditPrintDocument({
    summary,
    detail: d,
    photos,
    numbers: itemNumbers(d.checklist),
    formatDate: (s) => new Date(s * 1000).toISOString().slice(0, 10),
    formatDateTime: (s) => new Date(s * 1000).toISOString(),
    t: testTranslator(locale),
    locale,
  });

describe("audit print document", () => {
  it("escapes every piece of user text", () => {
    const html = build(detail());
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Acme &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Notes: &lt;b&gt;bad&lt;/b&gt;");
    expect(escapeHtml(`"'&`)).toBe("&quot;&#39;&amp;");
  });

  it("holds the header, score, matrix, every item, the snag link and the photos", () => {
    const html = build(detail());
    for (const text of [
      "New build, Civils",
      "Pat Foreman, SHE advisor",
      "2026-11-20 09:30",
      "Yes",
      "0117 000 0000",
      "4%",
      "Poor",
    ]) {
      expect(html).toContain(text);
    }
    expect(html.match(/<tr>\s*<td>\d+\.\d+<\/td>/g)).toHaveLength(27);
    expect(html).toContain("25 Very high");
    expect(html).toContain('<td class="risk-very-high"><b>1.1</b></td>');
    expect(html).toContain("Snag: SNAG-20261120-1234");
    expect(html).toContain('<img src="data:image/jpeg;base64,/9j/AA==" alt="Photo 1">');
    expect(html).toContain("size: A4");
  });

  it("shows who signed and when, and an empty box for a missing signature; status follows the signatures", () => {
    const html = build(detail());
    expect(html).toContain(`<img src="${PNG}" alt="Auditor signature">`);
    expect(html).toContain("Signed 2026-11-20T10:00:00.000Z");
    expect(html).toContain("<b>Site representative</b>: Jo Rep");
    expect(html).toContain('<div class="unsigned">Not signed</div>');
    expect(html).toContain("<th>Status</th><td>Draft</td>");
    expect(build(detail({ siteRepSignature: PNG, siteRepSignedAt: 5 }))).toContain("<th>Status</th><td>Completed</td>");
  });

  it("reads in the reader's language: headings, labels, answers, the standard questions; typed text as typed", () => {
    const html = build(detail(), undefined, "pl");
    expect(html).toContain('<html lang="pl">');
    for (const text of [
      "Audyt bezpieczeństwa budowy – Block B",
      "<th>Rodzaj projektu</th><td>Nowa budowa, Roboty inżynieryjne</td>",
      "<th>Status</th><td>Wersja robocza</td>",
      "Macierz ryzyka",
      "Niezgodne",
      "Uwagi: &lt;b&gt;bad&lt;/b&gt;",
      "Usterka: SNAG-20261120-1234",
      "łącznie 27 punktów",
      "Przedstawiciel budowy</b>: Jo Rep",
      "Pat Foreman, SHE advisor",
    ]) {
      expect(html).toContain(text);
    }
    for (const english of [
      "Site Safety Audit",
      "Project type",
      "Compliance score",
      "Not signed",
      "Owner:",
      "of 27 items",
    ]) {
      expect(html).not.toContain(english);
    }
    // The first standard question, translated.
    const first = newChecklist()[0];
    expect(first && html.includes(first.question)).toBe(false);
  });

  it("never puts anything but an image data URL into an src attribute", () => {
    const html = build(detail({ auditorSignature: 'javascript:alert(1)" onerror="x' }), {
      ph1: "https://evil.example/x.png",
    });
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("evil.example");
  });
});
