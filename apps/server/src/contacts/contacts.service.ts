// A workspace's contacts (external assignees, decision 0029): every member lists, creates, edits
// and deletes them. Workspace first: another workspace's contact answers 404. An address is one
// contact per workspace, so a retried create answers 409 instead of making a second one.
// Deleting a contact unassigns its reports in the same transaction, each change in the report's
// history, so nothing points at a person who is gone.
import type { Contact, ContactFields } from "@sitesnag/shared/contacts";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import { recordEdit } from "../activity/activity.writer";
import type { AppContext } from "../context";
import type { ContactRow, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { conflict, notFound } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import {
  countContactReports,
  deleteContactRow,
  findContact,
  findContactReports,
  findContacts,
  insertContact,
  updateContact,
} from "./contacts.repository";

const TAKEN = "A contact with this email already exists";

export const presentContact = (row: ContactRow, reportCount: number): Contact => ({
  id: row.id,
  name: row.name,
  company: row.company,
  email: row.email,
  reportCount,
  createdAt: Number(row.created_at),
});

async function requireContact(ctx: AppContext, user: UserRow, id: string): Promise<ContactRow> {
  const row = UUID_PATTERN.test(id) ? await findContact(ctx.db, user.workspace_id, id) : undefined;
  if (!row) throw notFound("Contact");
  return row;
}

/** Writes a contact, turning the one-address-per-workspace rule into a 409. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(TAKEN);
    throw err;
  }
}

export async function listContacts(ctx: AppContext, user: UserRow): Promise<Contact[]> {
  return (await findContacts(ctx.db, user.workspace_id)).map((r) => presentContact(r, Number(r.report_count ?? 0)));
}

export async function createContact(ctx: AppContext, user: UserRow, input: ContactFields): Promise<Contact> {
  const now = nowSeconds();
  const row: ContactRow = {
    id: newId(),
    workspace_id: user.workspace_id,
    name: input.name,
    company: input.company,
    email: input.email.toLowerCase(),
    created_by: user.id,
    created_at: now,
    updated_at: now,
  };
  await withUniqueEmail(() => insertContact(ctx.db, row));
  return presentContact(row, 0);
}

export async function editContact(ctx: AppContext, user: UserRow, id: string, input: ContactFields): Promise<Contact> {
  const row = await requireContact(ctx, user, id);
  const changes = {
    name: input.name,
    company: input.company,
    email: input.email.toLowerCase(),
    updated_at: nowSeconds(),
  };
  await withUniqueEmail(() => updateContact(ctx.db, user.workspace_id, id, changes));
  return presentContact({ ...row, ...changes }, await countContactReports(ctx.db, user.workspace_id, id));
}

/** Deletes the contact; its reports become unassigned (answered as `unassigned`, the count). */
export async function removeContact(ctx: AppContext, user: UserRow, id: string): Promise<{ unassigned: number }> {
  await requireContact(ctx, user, id);
  return ctx.db.transaction().execute(async (trx) => {
    const now = nowSeconds();
    const reports = await findContactReports(trx, user.workspace_id, id);
    if (reports.length > 0) {
      await trx
        .updateTable("snagging_reports")
        .set((eb) => ({ assigned_contact_id: null, updated_at: now, version: eb("version", "+", 1) }))
        .where("workspace_id", "=", user.workspace_id)
        .where("assigned_contact_id", "=", id)
        .execute();
      for (const before of reports) {
        const after = { ...before, assigned_contact_id: null, updated_at: now, version: before.version + 1 };
        await recordEdit(trx, { before, after, version: after.version }, { actor: user, now });
      }
    }
    await deleteContactRow(trx, user.workspace_id, id);
    return { unassigned: reports.length };
  });
}
