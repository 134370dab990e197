// The queries of the BCF export and import (Kysely only; the handle is the caller's).
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

type Q = Kysely<Database> | Transaction<Database>;

/** What a topic needs beyond the report list's fields: its GUID, people as e-mail addresses. */
export const findTopicExtras = (db: Q, reportIds: readonly string[]) =>
  db
    .selectFrom("snagging_reports as r")
    .leftJoin("users as c", "c.id", "r.created_by")
    .leftJoin("users as a", "a.id", "r.assigned_to")
    .leftJoin("workspace_contacts as k", "k.id", "r.assigned_contact_id")
    .select(["r.id", "r.bcf_guid", "r.updated_at", "c.email as creator_email", "a.email as assignee_email"])
    .select("k.email as contact_email")
    .where("r.id", "in", [...reportIds])
    .execute();

/** The reports' comments, oldest first, with their authors' addresses. */
export const findTopicComments = (db: Q, reportIds: readonly string[]) =>
  db
    .selectFrom("report_comments as m")
    .leftJoin("users as u", "u.id", "m.author_id")
    .select(["m.id", "m.report_id", "m.bcf_guid", "m.body", "m.created_at", "m.external_author", "u.email"])
    .where("m.report_id", "in", [...reportIds])
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();

/** Each report's evidence photos in order (the first becomes the snapshot). */
export const findFirstPhotos = (db: Q, reportIds: readonly string[]) =>
  db
    .selectFrom("attachments")
    .select(["id", "report_id", "storage_key", "position"])
    .where("report_id", "in", [...reportIds])
    .where("kind", "=", "evidence")
    .orderBy("report_id")
    .orderBy("position")
    .execute();

/** The project's reports a set of topic GUIDs names: by the GUID they were imported with, or by id. */
export const findReportsByGuid = (db: Q, projectId: string, guids: readonly string[]) =>
  guids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("snagging_reports")
        .selectAll()
        .where("project_id", "=", projectId)
        .where((eb) =>
          eb.or([eb("bcf_guid", "in", [...guids]), eb.and([eb("bcf_guid", "is", null), eb("id", "in", [...guids])])]),
        )
        .execute();

/** The workspace's members and contacts by lower-cased e-mail address. */
export async function findPeopleByEmail(db: Q, workspaceId: string) {
  const [members, contacts] = await Promise.all([
    db.selectFrom("users").select(["id", "email"]).where("workspace_id", "=", workspaceId).execute(),
    db.selectFrom("workspace_contacts").select(["id", "email"]).where("workspace_id", "=", workspaceId).execute(),
  ]);
  return {
    members: new Map(members.map((m) => [m.email.toLowerCase(), m.id])),
    contacts: new Map(contacts.map((c) => [c.email.toLowerCase(), c.id])),
  };
}

/** The project's locations by path, lower-cased (a label naming one files the report there). */
export const findLocationPaths = (db: Q, projectId: string) =>
  db.selectFrom("locations").select(["id", "path"]).where("project_id", "=", projectId).execute();

/** A report's comments that came from BCF or were exported to it, by GUID (an import adds each once). */
export const findCommentGuids = (db: Q, reportIds: readonly string[]) =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("report_comments")
        .select(["id", "report_id", "bcf_guid", "body"])
        .where("report_id", "in", [...reportIds])
        .execute();

/** The reports' photos: ids and SHA-256 (an import adds a snapshot once). */
export const findPhotoHashes = (db: Q, reportIds: readonly string[]) =>
  reportIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("attachments")
        .select(["id", "report_id", "sha256", "position"])
        .where("report_id", "in", [...reportIds])
        .execute();
