// GET /api/audits/{id}/pdf: the audit as the API answers it, its photos' display files and the two
// signature images read from storage (a few at a time), rendered in the PDF worker pool.
import type { Readable } from "node:stream";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { Semaphore } from "../snagging/semaphore";
import { nowSeconds } from "../time";
import { requireAudit } from "./audits.access";
import { findPhotos } from "./audits.repository";
import { loadAudit } from "./audits.service";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function downloadAuditPdf(ctx: AppContext, user: UserRow, id: string): Promise<Buffer> {
  const row = await requireAudit(ctx, user, id);
  const [audit, photos, workspace] = await Promise.all([
    loadAudit(ctx.db, row),
    findPhotos(ctx.db, row.id),
    ctx.db.selectFrom("workspaces").select("name").where("id", "=", row.workspace_id).executeTakeFirst(),
  ]);
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
  return ctx.pdf.renderAudit({
    kind: "audit",
    audit,
    workspaceName: workspace?.name ?? "",
    images,
    signatures: { auditor, siteRep },
    generatedAt: nowSeconds(),
  });
}
