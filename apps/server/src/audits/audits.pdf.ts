// GET /api/audits/{id}/pdf: the audit as the API answers it, its photos' display files and the two
// signature images read from storage (a few at a time), rendered in the PDF worker pool.
import type { Readable } from "node:stream";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import { loadPdfBrand } from "../branding/branding.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { nowSeconds } from "../time";
import { auditPdfEstimate, movable } from "../workers/pdf-pool";
import { Semaphore } from "../workers/semaphore";
import { requireAudit } from "./audits.access";
import { findPhotos } from "./audits.repository";
import { loadAudit } from "./audits.service";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The audit's PDF, streamed. Its share of the PDF memory budget (its photos' and signatures' sizes)
 * is held before the files are read, as for a report's PDF.
 */
export async function downloadAuditPdf(ctx: AppContext, user: UserRow, id: string): Promise<Readable> {
  const row = await requireAudit(ctx, user, id);
  const [audit, photos, workspace, brand] = await Promise.all([
    loadAudit(ctx.db, row),
    findPhotos(ctx.db, row.id),
    ctx.db.selectFrom("workspaces").select("name").where("id", "=", row.workspace_id).executeTakeFirst(),
    // The company's name, logo and accent in the header, like a report's PDF (issue 27).
    loadPdfBrand(ctx, row.workspace_id),
  ]);
  const photoBytes = photos.reduce((sum, p) => sum + Number(p.size_bytes), 0);
  // Signatures are at most 1 MB each as sent, far less as stored PNGs.
  return ctx.pdf.stream(auditPdfEstimate(photoBytes + 2 * 1024 * 1024), async () => {
    const keyOf = new Map(photos.map((p) => [p.id, p.storage_key]));
    const reads = new Semaphore(4);
    const read = (key: string | null | undefined) =>
      reads.run(async () => {
        if (!key) return null;
        const stream = await ctx.storage.get(key).catch(() => null);
        return stream ? readAll(stream).catch(() => null) : null;
      });
    // In checklist order, then photo order: the order the PDF draws them.
    const ordered = audit.items.flatMap((item) => item.photos.map((p) => keyOf.get(p.id)));
    const [images, auditor, siteRep] = await Promise.all([
      Promise.all(ordered.map(read)),
      read(row.auditor_signature_key),
      read(row.site_rep_signature_key),
    ]);
    const input = {
      kind: "audit" as const,
      audit,
      workspaceName: workspace?.name ?? "",
      brand,
      images,
      signatures: { auditor, siteRep },
      generatedAt: nowSeconds(),
      // The standard template's words in the language of whoever downloads it (issue 35).
      locale: toLocale(user.locale),
    };
    return { input, transfer: movable([...new Set([...images, auditor, siteRep])]) };
  });
}
