// The audit PDF's checklist (section by section: question, answer, notes, risk, action, photos with
// their SHA-256) and its signature block (each image with the signer's name and the time signed).
import { LIKELIHOOD_LABELS, RISK_BAND_LABELS, riskBand, SEVERITY_LABELS } from "@sitesnag/shared/audit-scoring";
import { standardQuestionId, standardSectionId } from "@sitesnag/shared/audit-template-i18n";
import { STANDARD_TEMPLATE_ID } from "@sitesnag/shared/audit-template-model";
import { answerLabel, STANDARD_TEMPLATE, templateItems } from "@sitesnag/shared/audit-templates";
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { formatDayIn, formatDayTimeIn } from "../format";
import { type Translator, translate, translatorFor } from "../i18n/translate";
import { ensureSpace } from "../pdf/pdf-page";
import { breakable, C, CONTENT_WIDTH, PAGE } from "../pdf/pdf-style";
import type { AuditPdfInput } from "./audit-pdf";
import { RISK_COLOURS, STATUS_COLOURS } from "./audit-pdf-style";

// The standard template's words in the PDF's language (issue 35): an audit started from the standard
// template shows its sections and questions from the catalogue (`auditTemplate.*`) for the locale the
// PDF is made in, where the audit holds the current standard wording; a custom template's items, and
// older wording, stay as written.
type Item = { id: string; section: string; sectionTitle: string; question: string };

/** The item's question and section title for a reader of `locale`. */
export function templateText(
  locale: Locale,
  item: Item,
  isStandard: boolean,
): { question: string; sectionTitle: string } {
  if (!isStandard || locale === "en-GB") return { question: item.question, sectionTitle: item.sectionTitle };
  const q = standardQuestionId(item.id, item.question);
  const s = standardSectionId(item.section, item.sectionTitle);
  return {
    question: q ? translate(locale, q as MessageId) : item.question,
    sectionTitle: s ? translate(locale, s as MessageId) : item.sectionTitle,
  };
}

const PHOTO = { width: 150, height: 112 };
const PER_ROW = 3;

function drawImage(
  doc: PDFKit.PDFDocument,
  image: Buffer | null,
  x: number,
  y: number,
  box: typeof PHOTO,
  t: Translator,
) {
  if (image) {
    try {
      doc.image(image, x, y, { fit: [box.width, box.height], align: "center", valign: "center" });
      return;
    } catch {
      // A file that is no longer a readable image is shown as missing, never a failed PDF.
    }
  }
  doc.rect(x, y, box.width, box.height).lineWidth(0.75).strokeColor(C.line).stroke();
  doc
    .fillColor(C.muted)
    .font("regular")
    .fontSize(8)
    .text(t("pdf.audit.imageUnavailable"), x, y + box.height / 2 - 4, {
      width: box.width,
      align: "center",
    });
}

// The fixed words around the template's follow `locale`; the standard template's own words too.
export function drawItems(doc: PDFKit.PDFDocument, { audit, images, locale = "en-GB" }: AuditPdfInput) {
  const t = translatorFor(locale);
  let photoIndex = 0;
  let section = "";
  // The answer set of each item comes from the template the audit was started with (decision 0028).
  const defs = new Map(templateItems(audit.template ?? STANDARD_TEMPLATE).map((d) => [d.id, d]));
  for (const [n, item] of audit.items.entries()) {
    const text = templateText(locale, item, !audit.template || audit.template.id === STANDARD_TEMPLATE_ID);
    if (item.section !== section) {
      section = item.section;
      ensureSpace(doc, 90);
      doc.moveDown(0.6);
      doc.fillColor(C.ink).font("bold").fontSize(13).text(text.sectionTitle, PAGE.margin, doc.y, {
        width: CONTENT_WIDTH,
      });
      doc
        .moveTo(PAGE.margin, doc.y + 2)
        .lineTo(PAGE.width - PAGE.margin, doc.y + 2)
        .lineWidth(0.75)
        .strokeColor(C.brand)
        .stroke();
      doc.y += 8;
    }
    ensureSpace(doc, 70);
    const def = defs.get(item.id) ?? { answerSet: "cinna" as const, unit: "" };
    const full = answerLabel(def, item.status, item.value ?? "");
    const answer =
      def.answerSet === "text"
        ? item.value
          ? t("pdf.audit.answered")
          : t("pdf.audit.notAnswered")
        : full.slice(0, 40);
    const y0 = doc.y;
    doc.font("bold").fontSize(8);
    const width = doc.widthOfString(answer) + 14;
    const pillX = PAGE.width - PAGE.margin - width;
    doc.roundedRect(pillX, y0, width, 15, 7).fill(STATUS_COLOURS[item.status]);
    doc.fillColor("#ffffff").text(answer, pillX + 7, y0 + 3.5, { lineBreak: false });
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(9.5)
      .text(`${n + 1}. ${text.question}`, PAGE.margin, y0, { width: CONTENT_WIDTH - 110 });
    doc.y = Math.max(doc.y, y0 + 17) + 2;
    const lines: string[] = [t("pdf.audit.answer", { value: breakable(full) })];
    if (item.notes) lines.push(t("pdf.audit.itemNotes", { value: breakable(item.notes) }));
    let riskLine = "";
    if (item.riskScore > 0) {
      const severity = SEVERITY_LABELS[item.riskSeverity ?? 0];
      const likelihood = LIKELIHOOD_LABELS[item.riskLikelihood ?? 0];
      riskLine = t("pdf.audit.risk", {
        score: item.riskScore,
        band: RISK_BAND_LABELS[riskBand(item.riskScore)],
        severity: item.riskSeverity ?? 0,
        severityLabel: severity ?? "",
        likelihood: item.riskLikelihood ?? 0,
        likelihoodLabel: likelihood ?? "",
      });
      lines.push(riskLine);
    }
    if (item.actionOwner || item.dueDate !== null) {
      const owner = breakable(item.actionOwner) || t("pdf.audit.noOwner");
      lines.push(
        item.dueDate === null
          ? t("pdf.audit.action", { owner })
          : t("pdf.audit.actionDue", { owner, date: formatDayIn(locale, item.dueDate) }),
      );
    }
    for (const line of lines) {
      const isRisk = line === riskLine;
      doc
        .fillColor(isRisk ? RISK_COLOURS[riskBand(item.riskScore)] : C.ink)
        .font(isRisk ? "bold" : "regular")
        .fontSize(9)
        .text(line, PAGE.margin + 12, doc.y, { width: CONTENT_WIDTH - 12 });
    }
    // Photos three to a row, each with its SHA-256 (two lines of 32 hex digits) under it.
    for (let i = 0; i < item.photos.length; i += PER_ROW) {
      ensureSpace(doc, PHOTO.height + 40);
      const top = doc.y + 6;
      item.photos.slice(i, i + PER_ROW).forEach((photo, j) => {
        const x = PAGE.margin + 12 + j * (PHOTO.width + 14);
        drawImage(doc, images[photoIndex] ?? null, x, top, PHOTO, t);
        photoIndex += 1;
        doc
          .fillColor(C.muted)
          .font("mono")
          .fontSize(6)
          .text(`SHA-256 ${photo.sha256.slice(0, 32)}`, x, top + PHOTO.height + 3, {
            width: PHOTO.width + 10,
            lineBreak: false,
          })
          .text(photo.sha256.slice(32), x + 29, top + PHOTO.height + 11, { width: PHOTO.width, lineBreak: false });
      });
      doc.y = top + PHOTO.height + 24;
    }
    doc.y += 8;
  }
}

export function drawSignatures(doc: PDFKit.PDFDocument, { audit, signatures, locale = "en-GB" }: AuditPdfInput) {
  const t = translatorFor(locale);
  ensureSpace(doc, 200);
  doc.moveDown(0.8);
  doc.fillColor(C.ink).font("bold").fontSize(13).text(t("pdf.audit.signatures"), PAGE.margin, doc.y);
  const top = doc.y + 10;
  const box = { width: 220, height: 90 };
  const blocks = [
    {
      role: t("pdf.audit.auditor"),
      signature: audit.auditorSignature,
      image: signatures.auditor,
      name: audit.auditorName,
    },
    {
      role: t("pdf.audit.siteRep"),
      signature: audit.siteRepSignature,
      image: signatures.siteRep,
      name: audit.siteRepName,
    },
  ];
  blocks.forEach((block, i) => {
    const x = PAGE.margin + i * (box.width + 40);
    doc.fillColor(C.muted).font("bold").fontSize(7.5).text(block.role.toUpperCase(), x, top, { characterSpacing: 0.6 });
    if (block.signature) {
      drawImage(doc, block.image, x, top + 14, box, t);
    } else {
      doc
        .rect(x, top + 14, box.width, box.height)
        .lineWidth(0.75)
        .strokeColor(C.line)
        .stroke();
      doc
        .fillColor(C.muted)
        .font("regular")
        .fontSize(9)
        .text(t("pdf.audit.notSigned"), x, top + 14 + box.height / 2 - 5, {
          width: box.width,
          align: "center",
        });
    }
    doc
      .fillColor(C.ink)
      .font("bold")
      .fontSize(10)
      .text(breakable(block.signature?.signerName || block.name || "—"), x, top + box.height + 20, {
        width: box.width,
      });
    doc
      .fillColor(C.muted)
      .font("regular")
      .fontSize(8.5)
      .text(
        block.signature
          ? t("pdf.audit.signed", { date: formatDayTimeIn(locale, block.signature.signedAt) })
          : t("pdf.audit.notSignedYet"),
        x,
        doc.y + 1,
        {
          width: box.width,
        },
      );
  });
  doc.y = top + box.height + 60;
}
