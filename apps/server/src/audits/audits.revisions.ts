// Signed audits are never edited in place. Starting a new revision freezes the signed audit as the
// API answered it (with the files it shows, kept until the audit itself is deleted), then reopens
// the audit as a draft of the next revision: answers and photos carried over, signatures cleared.
import type { AuditApi } from "@sitesnag/shared/audits-api";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { nowSeconds } from "../time";
import { requireAudit, requireEditor } from "./audits.access";
import { fileKeysOfAudits, findRevisions, insertRevision, reopenAsRevision } from "./audits.repository";
import { loadAudit } from "./audits.service";

export async function startRevision(ctx: AppContext, user: UserRow, id: string): Promise<AuditApi> {
  const audit = await requireAudit(ctx, user, id);
  requireEditor(user, audit);
  if (audit.status !== "completed") {
    throw conflict(
      "This audit is still a draft: change it directly. A new revision is only needed once it is completed.",
    );
  }
  const now = nowSeconds();
  const revision = Number(audit.revision);
  await ctx.db.transaction().execute(async (trx) => {
    const signed = await loadAudit(trx, audit);
    const fileKeys = await fileKeysOfAudits(trx, [audit.id]);
    if (
      !(await reopenAsRevision(trx, audit.id, revision, {
        auditor_signature_key: null,
        // The signed images now belong to the revision: their bytes stay on the audit's storage.
        auditor_signature_bytes: 0,
        site_rep_signature_bytes: 0,
        auditor_signer_name: null,
        auditor_signed_at: null,
        site_rep_signature_key: null,
        site_rep_signed_at: null,
        completed_at: null,
        updated_at: now,
      }))
    ) {
      throw conflict("Someone else started a new revision of this audit meanwhile. Reload it.");
    }
    await insertRevision(trx, {
      audit_id: audit.id,
      revision,
      snapshot: JSON.stringify(signed),
      file_keys: JSON.stringify(fileKeys),
      completed_at: Number(audit.completed_at ?? now),
      created_by: user.id,
      created_at: now,
    });
  });
  return loadAudit(ctx.db, await requireAudit(ctx, user, audit.id));
}

/** GET /api/audits/{id}/revisions/{revision}: a signed revision exactly as it was completed. */
export async function getRevision(ctx: AppContext, user: UserRow, id: string, revision: number): Promise<AuditApi> {
  const audit = await requireAudit(ctx, user, id);
  const found = (await findRevisions(ctx.db, audit.id)).find((r) => Number(r.revision) === revision);
  if (!found) throw notFound("Revision");
  return JSON.parse(found.snapshot) as AuditApi;
}
