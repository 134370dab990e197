// Test data with overrides: accounts and projects through the real API, report and attachment rows
// straight into the database. Each signUp makes a new account (and workspace).
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Project } from "@sitesnag/shared/projects";
import type { Insertable } from "kysely";
import { ensurePlatformAdmin } from "../src/auth/auth.service";
import type { AttachmentsTable, SnaggingReportsTable } from "../src/db/schema";
import { newId } from "../src/ids";
import { newPhotoKey } from "../src/snagging/snagging.files";
import { withSearchText } from "../src/snagging/snagging.repository";
import { nowSeconds } from "../src/time";
import type { TestApp } from "./harness";

let counter = 0;

/** A fresh demo sandbox through POST /api/auth/demo-login. */
export async function demoLogin(t: TestApp): Promise<AuthResponse> {
  const res = await t.request({ method: "POST", url: "/api/auth/demo-login" });
  if (res.statusCode !== 200) throw new Error(`demoLogin failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuthResponse;
}

export async function signUp(
  t: TestApp,
  overrides: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<AuthResponse & { password: string }> {
  counter += 1;
  const body = {
    firstName: "Sam",
    lastName: "Builder",
    email: `sam.builder.${counter}.${Date.now()}@example.com`,
    password: "correct-horse-battery",
    ...overrides,
  };
  const res = await t.request({ method: "POST", url: "/api/auth/register", payload: body });
  if (res.statusCode !== 201) throw new Error(`signUp failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password: body.password };
}

/** A member who joins `owner`'s workspace by an invitation, through the API (as the Team page does). */
export async function joinByInvitation(
  t: TestApp,
  owner: { accessToken: string },
  person: { firstName: string; lastName: string; email?: string },
): Promise<AuthResponse> {
  counter += 1;
  const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
  const res = await t.request({
    method: "POST",
    url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
    payload: {
      email: `${person.firstName.toLowerCase()}.${counter}.${Date.now()}@example.com`,
      password: "teammate-pass-1",
      ...person,
    },
  });
  if (res.statusCode !== 201) throw new Error(`joinByInvitation failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuthResponse;
}

export async function createProject(
  t: TestApp,
  token: string,
  overrides: Partial<Omit<Project, "id" | "createdAt">> = {},
): Promise<Project> {
  const res = await t.request({
    method: "POST",
    url: "/api/projects",
    token,
    payload: { name: "Test Project", description: "", location: "", clientName: "", status: "active", ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`createProject failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { project: Project }).project;
}

/** A snagging report row written straight to the database (fast; POST /api/snagging is tested on its own). */
export async function insertReport(
  t: TestApp,
  parent: { workspaceId: string; projectId: string; userId?: string },
  overrides: Partial<Insertable<SnaggingReportsTable>> = {},
): Promise<Insertable<SnaggingReportsTable>> {
  counter += 1;
  const now = nowSeconds();
  const fields: Omit<Insertable<SnaggingReportsTable>, "search_text"> = {
    id: newId(),
    workspace_id: parent.workspaceId,
    project_id: parent.projectId,
    title: `SNAG-20250101-${1000 + counter}`,
    description: "Cracked tile by the lift lobby",
    status: "open",
    priority: "medium",
    category: "other",
    assigned_to: null,
    created_by: parent.userId ?? null,
    due_date: null,
    location_lat: null,
    location_lng: null,
    page_url: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  // search_text follows title and description, as the app writes it, unless a test sets its own.
  const row: Insertable<SnaggingReportsTable> = { ...withSearchText(fields), ...overrides };
  await t.ctx.db.insertInto("snagging_reports").values(row).execute();
  return row;
}

/** An attachment row for a report, with a real file (and thumbnail) put into the app's storage. */
export async function insertAttachment(
  t: TestApp,
  report: { id: string; workspace_id: string },
): Promise<Insertable<AttachmentsTable> & { storage_key: string; thumbnail_key: string }> {
  const id = newId();
  const key = newPhotoKey();
  const row = {
    id,
    report_id: report.id,
    workspace_id: report.workspace_id,
    storage_key: `${key}.jpg`,
    thumbnail_key: `${key}-thumb.jpg`,
    original_name: "photo.jpg",
    content_type: "image/jpeg",
    size_bytes: 4,
    position: 0,
    created_at: nowSeconds(),
  };
  await t.ctx.storage.put(row.storage_key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
  await t.ctx.storage.put(row.thumbnail_key, Buffer.from([0xff, 0xd8, 0xff, 0xd9]), "image/jpeg");
  await t.ctx.db.insertInto("attachments").values(row).execute();
  return row;
}

/** A platform admin made the way start-up makes one (ADMIN_EMAIL), signed in through the API. */
export async function signInAdmin(t: TestApp): Promise<AuthResponse & { password: string }> {
  counter += 1;
  const email = `ops.${counter}.${Date.now()}@example.com`;
  const password = "admin-password-long";
  await ensurePlatformAdmin(t.ctx, email, password);
  const res = await t.request({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password };
}
