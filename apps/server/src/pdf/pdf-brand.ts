// What a workspace's PDFs carry in their header: the company's name, its logo (PNG, already made
// safe) and an accent colour. Without a workspace's own, SiteSnag's.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { C } from "./pdf-style";

export type PdfBrand = { name: string; accent: string; logo: Uint8Array | null };

export const DEFAULT_BRAND: PdfBrand = { name: PRODUCT_NAME, accent: C.brand, logo: null };

/**
 * The largest size from `size` down to `min` at which `text` fits `width` on one line (set on the
 * document), and the text itself, cut with an ellipsis if it does not fit even at `min`.
 */
export function fitOneLine(doc: PDFKit.PDFDocument, text: string, width: number, size: number, min: number): string {
  let current = size;
  doc.fontSize(current);
  while (current > min && doc.widthOfString(text) > width) {
    current -= 1;
    doc.fontSize(current);
  }
  if (doc.widthOfString(text) <= width) return text;
  const chars = [...text];
  while (chars.length > 1 && doc.widthOfString(`${chars.join("")}…`) > width) chars.pop();
  return `${chars.join("")}…`;
}
