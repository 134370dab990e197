// Every route of the product × every kind of caller, with the status each must get. The table is
// checked against the routes the app actually registers (Fastify's onRoute hook): a route added
// without a row here fails the first test.
import { createHash, randomUUID } from "node:crypto";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { InjectOptions } from "fastify";
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyAssigned } from "../src/notifications/notifications.service";
import { deviceAudit, matrixAudits, matrixTemplateBody, matrixTemplates, multipartPhoto } from "./audit-factories";
import { createProject, insertReport, signInAdmin, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

const PERSONAS = ["anonymous", "member", "owner", "outsider", "admin"] as const;
type Persona = (typeof PERSONAS)[number];
type Expected = Record<Persona, number>;

type World = {
  t: TestApp;
  owner: AuthResponse & { password: string };
  member: AuthResponse & { password: string };
  outsider: AuthResponse & { password: string };
  admin: AuthResponse & { password: string };
  projectId: string;
  reportId: string;
  notificationId: string;
  /** A project each signed-in persona may file reports in (its own workspace's). */
  projectOf: Record<Exclude<Persona, "anonymous">, string>;
  photo: Buffer;
  freshReport: () => Promise<string>;
  /** A fresh object per cell for routes that use it up (delete, accept). */
  freshProject: () => Promise<string>;
  freshInvitation: () => Promise<{ id: string; token: string }>;
  freshMember: () => Promise<string>;
  /** A live share link over the whole of `projectId`. */
  freshShareLink: () => Promise<{ id: string; token: string }>;
  audits: Awaited<ReturnType<typeof matrixAudits>>;
  templates: Awaited<ReturnType<typeof matrixTemplates>>;
  /** A comment by the member on the world's report. */
  freshComment: () => Promise<string>;
  /** A report of the workspace moved to the Trash; answers its Trash item's id. */
  freshTrashedReport: () => Promise<string>;
  /** A contact (external assignee) of the owner's workspace. */
  freshContact: () => Promise<string>;
  /** A trade added to the owner's workspace (issue 36); answers its key. */
  freshTrade: () => Promise<string>;
  /** An API token of the owner's workspace (issue 38); answers its id. */
  freshApiToken: () => Promise<string>;
  /** A webhook of the owner's workspace (issue 38); `fresh` for a new one, else one shared by the rows. */
  webhook: (fresh?: boolean) => Promise<string>;
  /** A test delivery of the shared webhook; answers [webhook id, delivery id]. */
  freshDelivery: () => Promise<[string, string]>;
};

type Row = {
  route: string;
  request: (w: World, p: Persona) => Promise<InjectOptions> | InjectOptions;
  expected: Expected;
  /** The request carries its own Authorization (a session it may end), not the persona's token. */
  ownSession?: true;
};

/** A new session of the persona (signed in again), so a route that ends it spares the others. */
async function freshSession(w: World, p: Exclude<Persona, "anonymous">): Promise<string> {
  const res = await w.t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: w[p].user.email, password: w[p].password },
  });
  return (res.json() as AuthResponse).accessToken;
}

/** The session (refresh-token family) an access token names. */
const sessionOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as { sid: string }).sid;

/** Starts an authenticator setup for the persona (a pending secret), so its setup routes have one. */
async function startTotp(w: World, p: Persona): Promise<void> {
  if (p === "anonymous") return;
  await w.t.request({ method: "POST", url: "/api/auth/mfa/totp", token: w[p].accessToken });
}

const all = (status: number, anonymous = 401): Expected => ({
  anonymous,
  member: status,
  owner: status,
  outsider: status,
  admin: status,
});
/** Workspace data: members and owners of the workspace get `ok`; others, the admin included, 404. */
const workspace = (ok: number): Expected => ({ anonymous: 401, member: ok, owner: ok, outsider: 404, admin: 404 });
const adminOnly = (ok: number): Expected => ({ anonymous: 401, member: 403, owner: 403, outsider: 403, admin: ok });

/** Passkey answers of the right shape that answer no challenge and name no registered passkey. */
const MATRIX_CLIENT_DATA = Buffer.from('{"type":"webauthn.get","challenge":"none"}').toString("base64url");
const MATRIX_REGISTRATION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: MATRIX_CLIENT_DATA, attestationObject: "oA" },
};
const MATRIX_ASSERTION = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: MATRIX_CLIENT_DATA, authenticatorData: "AA", signature: "AA" },
};

let emailCounter = 0;
let syncCounter = 0;
let uploadCounter = 0;
const uniqueEmail = () => `matrix.${Date.now()}.${++emailCounter}@example.com`;
const project = { name: "Matrix", description: "", location: "", clientName: "", status: "active" };

/** A tiny PNG drawing as a multipart body with its `file` part. */
async function sheetUpload(): Promise<Pick<InjectOptions, "payload" | "headers">> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  return multipart({}, [{ name: "plan.png", data: png, type: "image/png" }], "file");
}

async function newSheet(w: World): Promise<string> {
  const res = await w.t.request({
    method: "POST",
    url: `/api/projects/${w.projectId}/sheets`,
    token: w.owner.accessToken,
    ...(await sheetUpload()),
  });
  return (res.json() as { sheets: { id: string }[] }).sheets[0]?.id as string;
}

let locationCounter = 0;
/** A new location in the owner's project (made by the owner). */
async function newLocation(w: World): Promise<string> {
  const res = await w.t.request({
    method: "POST",
    url: `/api/projects/${w.projectId}/locations`,
    token: w.owner.accessToken,
    payload: { name: `Place ${++locationCounter}` },
  });
  return (res.json() as { location: { id: string } }).location.id;
}

let sharedSheetId: Promise<string> | undefined;
const sharedSheet = (w: World): Promise<string> => {
  sharedSheetId ??= newSheet(w);
  return sharedSheetId;
};

/** A report of the owner's project pinned on the shared sheet, once that has rendered. */
let pinnedReportId: Promise<string> | undefined;
const pinnedReport = (w: World): Promise<string> => {
  pinnedReportId ??= (async () => {
    const sheetId = await sharedSheet(w);
    for (let i = 0; i < 300; i += 1) {
      const res = await w.t.request({ method: "GET", url: `/api/sheets/${sheetId}`, token: w.owner.accessToken });
      if ((res.json() as { sheet: { status: string } }).sheet.status === "ready") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const report = await insertReport(
      w.t,
      { workspaceId: w.owner.user.workspaceId, projectId: w.projectId, userId: w.owner.user.id },
      { sheet_id: sheetId, pin_x: 0.5, pin_y: 0.5 },
    );
    return String(report.id);
  })();
  return pinnedReportId;
};

/** A report of the owner's project with one photo, and that photo's id (a shared snag's photo). */
let photographedReport: Promise<{ reportId: string; attachmentId: string }> | undefined;
const sharedPhoto = (w: World): Promise<{ reportId: string; attachmentId: string }> => {
  photographedReport ??= (async () => {
    const body = await multipart({ projectId: w.projectId, priority: "high", description: "📷 Photo 1 - Hall: Dent" }, [
      { name: "before.jpg", data: w.photo },
    ]);
    const res = await w.t.request({ method: "POST", url: "/api/snagging", token: w.owner.accessToken, ...body });
    const report = (res.json() as { report: { id: string; attachments: { id: string }[] } }).report;
    return { reportId: report.id, attachmentId: report.attachments[0]?.id as string };
  })();
  return photographedReport;
};

const ROWS: Row[] = [
  { route: "GET /api/health", request: () => ({ method: "GET", url: "/api/health" }), expected: all(200, 200) },
  {
    route: "POST /api/auth/register",
    request: () => ({
      method: "POST",
      url: "/api/auth/register",
      payload: { firstName: "M", lastName: "X", email: uniqueEmail(), password: "matrix-pass-1" },
    }),
    expected: all(201, 201),
  },
  {
    route: "POST /api/auth/login",
    request: (w) => ({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: w.member.user.email, password: w.member.password },
    }),
    expected: all(200, 200),
  },
  {
    route: "POST /api/auth/demo-login",
    request: () => ({ method: "POST", url: "/api/auth/demo-login" }),
    expected: all(200, 200),
  },
  {
    route: "POST /api/auth/refresh",
    request: () => ({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: "not-a-live-token" } }),
    expected: all(401, 401),
  },
  {
    // Bearer-only logout ends the session it names: a session of its own per persona.
    route: "POST /api/auth/logout",
    ownSession: true,
    request: async (w, p) => ({
      method: "POST",
      url: "/api/auth/logout",
      payload: {},
      headers: p === "anonymous" ? {} : { authorization: `Bearer ${await freshSession(w, p)}` },
    }),
    expected: all(204, 204),
  },
  {
    // The same answer for everybody and every address: whether an account exists is never told.
    route: "POST /api/auth/forgot-password",
    request: (w) => ({ method: "POST", url: "/api/auth/forgot-password", payload: { email: w.member.user.email } }),
    expected: all(202, 202),
  },
  {
    route: "POST /api/auth/mfa/verify",
    request: () => ({
      method: "POST",
      url: "/api/auth/mfa/verify",
      payload: { mfaToken: "a-step-token-that-matches-nothing", code: "123456" },
    }),
    expected: all(401, 401),
  },
  {
    route: "GET /api/auth/mfa",
    request: () => ({ method: "GET", url: "/api/auth/mfa" }),
    expected: all(200),
  },
  {
    route: "POST /api/auth/mfa/totp",
    request: () => ({ method: "POST", url: "/api/auth/mfa/totp" }),
    expected: all(200),
  },
  {
    // Each persona's own pending setup, started first.
    route: "GET /api/auth/mfa/totp/qr",
    request: async (w, p) => {
      await startTotp(w, p);
      return { method: "GET", url: "/api/auth/mfa/totp/qr" };
    },
    expected: all(200),
  },
  {
    route: "POST /api/auth/mfa/totp/confirm",
    request: async (w, p) => {
      await startTotp(w, p);
      return { method: "POST", url: "/api/auth/mfa/totp/confirm", payload: { code: "abcdef" } };
    },
    expected: all(400),
  },
  {
    // Nobody in the matrix has a factor: a fresh code is asked of a factor that is not there.
    route: "POST /api/auth/mfa/totp/disable",
    request: () => ({ method: "POST", url: "/api/auth/mfa/totp/disable", payload: { code: "123456" } }),
    expected: all(400),
  },
  {
    route: "POST /api/auth/mfa/recovery-codes",
    request: () => ({ method: "POST", url: "/api/auth/mfa/recovery-codes", payload: { code: "123456" } }),
    expected: all(400),
  },
  {
    route: "POST /api/auth/passkeys/registration/options",
    request: () => ({ method: "POST", url: "/api/auth/passkeys/registration/options" }),
    expected: all(200),
  },
  {
    // A well-shaped answer to no challenge of the persona's: refused as expired.
    route: "POST /api/auth/passkeys/registration/verify",
    request: () => ({
      method: "POST",
      url: "/api/auth/passkeys/registration/verify",
      payload: { name: "Laptop", response: MATRIX_REGISTRATION },
    }),
    expected: all(400),
  },
  {
    // Nobody in the matrix has a passkey to confirm with.
    route: "POST /api/auth/passkeys/confirm/options",
    request: () => ({ method: "POST", url: "/api/auth/passkeys/confirm/options" }),
    expected: all(400),
  },
  {
    route: "POST /api/auth/passkeys/:id/remove",
    request: () => ({
      method: "POST",
      url: "/api/auth/passkeys/00000000-0000-7000-8000-000000000000/remove",
      payload: { code: "123456" },
    }),
    expected: all(404),
  },
  {
    // Public: a passwordless sign-in's options (no step token) for anybody.
    route: "POST /api/auth/passkeys/authentication/options",
    request: () => ({ method: "POST", url: "/api/auth/passkeys/authentication/options", payload: {} }),
    expected: all(200, 200),
  },
  {
    route: "POST /api/auth/passkeys/authentication/verify",
    request: () => ({
      method: "POST",
      url: "/api/auth/passkeys/authentication/verify",
      payload: { response: MATRIX_ASSERTION },
    }),
    expected: all(401, 401),
  },
  {
    route: "GET /api/auth/sessions",
    request: () => ({ method: "GET", url: "/api/auth/sessions" }),
    expected: all(200),
  },
  {
    // A session of the persona's own, opened for the cell; another account's id would be 404.
    route: "DELETE /api/auth/sessions/:id",
    request: async (w, p) => ({
      method: "DELETE",
      url: `/api/auth/sessions/${p === "anonymous" ? "00000000-0000-7000-8000-000000000000" : sessionOf(await freshSession(w, p))}`,
    }),
    expected: all(204),
  },
  {
    route: "GET /api/security-log",
    request: () => ({ method: "GET", url: "/api/security-log" }),
    expected: all(200),
  },
  {
    route: "GET /api/security-log/export",
    request: () => ({ method: "GET", url: "/api/security-log/export" }),
    expected: all(200),
  },
  {
    route: "GET /api/workspace/security",
    request: () => ({ method: "GET", url: "/api/workspace/security" }),
    expected: all(200),
  },
  {
    // Owners only; every signed-in persona but the member owns a workspace of their own.
    route: "PUT /api/workspace/security",
    request: () => ({ method: "PUT", url: "/api/workspace/security", payload: { requireMfa: false } }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    // No workspace signs in people of this domain: the same sentence for everybody.
    route: "POST /api/auth/sso/start",
    request: () => ({ method: "POST", url: "/api/auth/sso/start", payload: { email: "someone@no-sso.example" } }),
    expected: all(404, 404),
  },
  {
    route: "POST /api/auth/sso/callback",
    request: () => ({
      method: "POST",
      url: "/api/auth/sso/callback",
      payload: { flowToken: "a-flow-token-that-matches-nothing", params: "code=x&state=y" },
    }),
    expected: all(401, 401),
  },
  {
    route: "GET /api/workspace/sso",
    request: () => ({ method: "GET", url: "/api/workspace/sso" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    // Owners pass the role check and reach the domain check (no owner's email is at this domain).
    route: "PUT /api/workspace/sso",
    request: () => ({
      method: "PUT",
      url: "/api/workspace/sso",
      payload: {
        issuer: "https://login.example.com",
        clientId: "client",
        clientSecret: "secret",
        domain: "not-verified.example",
        enabled: false,
        passwordSignIn: true,
      },
    }),
    expected: { anonymous: 401, member: 403, owner: 400, outsider: 400, admin: 400 },
  },
  {
    route: "DELETE /api/workspace/sso",
    request: () => ({ method: "DELETE", url: "/api/workspace/sso" }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 204, admin: 204 },
  },
  {
    route: "GET /api/mail/preferences",
    request: () => ({ method: "GET", url: "/api/mail/preferences" }),
    expected: all(200),
  },
  {
    route: "PUT /api/mail/preferences",
    request: () => ({
      method: "PUT",
      url: "/api/mail/preferences",
      payload: { timeZone: "Europe/Paris", preferences: { assigned: "digest" } },
    }),
    expected: all(200),
  },
  {
    // The signed token is the permission; a forged one is refused for everybody alike.
    route: "POST /api/mail/unsubscribe",
    request: () => ({
      method: "POST",
      url: "/api/mail/unsubscribe",
      payload: { token: "bm9ib2R5OmFzc2lnbmVk.forged" },
    }),
    expected: all(400, 400),
  },
  {
    route: "POST /api/auth/reset-password/check",
    request: () => ({
      method: "POST",
      url: "/api/auth/reset-password/check",
      payload: { token: "a-guessed-token-that-matches-nothing" },
    }),
    expected: all(400, 400),
  },
  {
    route: "POST /api/auth/reset-password",
    request: () => ({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: "a-guessed-token-that-matches-nothing", password: "matrix-pass-2" },
    }),
    expected: all(400, 400),
  },

  { route: "GET /api/projects", request: () => ({ method: "GET", url: "/api/projects" }), expected: all(200) },
  {
    route: "GET /api/projects/count",
    request: () => ({ method: "GET", url: "/api/projects/count" }),
    expected: all(200),
  },
  {
    route: "POST /api/projects",
    request: () => ({ method: "POST", url: "/api/projects", payload: project }),
    expected: all(201),
  },
  {
    route: "GET /api/projects/:id",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}` }),
    expected: workspace(200),
  },
  {
    route: "PUT /api/projects/:id",
    request: (w) => ({ method: "PUT", url: `/api/projects/${w.projectId}`, payload: project }),
    expected: workspace(200),
  },
  {
    route: "DELETE /api/projects/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/projects/${await w.freshProject()}` }),
    // Owner only: a member is refused (issue 22); another workspace's project is not found.
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  {
    // The live stream never ends, so inject (which waits for the end) asks with a malformed
    // Last-Event-ID: the guard answers first (401), then validation (400). The open stream, its
    // workspace scoping and its limits: events.test.ts.
    route: "GET /api/events",
    request: () => ({ method: "GET", url: "/api/events", headers: { "last-event-id": "not-a-number" } }),
    expected: all(400),
  },
  { route: "GET /api/trash", request: () => ({ method: "GET", url: "/api/trash" }), expected: all(200) },
  // The search box (issue 39): everyone searches their own workspace (search.test.ts: tenancy).
  { route: "GET /api/search", request: () => ({ method: "GET", url: "/api/search?q=matrix" }), expected: all(200) },
  {
    route: "POST /api/trash/:id/restore",
    request: async (w) => ({ method: "POST", url: `/api/trash/${await w.freshTrashedReport()}/restore` }),
    expected: workspace(200),
  },
  {
    route: "DELETE /api/trash/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/trash/${await w.freshTrashedReport()}` }),
    // The owner only deletes for good; another workspace's item is not found.
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },

  // The weekly report (issue 37): members read the schedule; the owner changes and sends it.
  {
    route: "GET /api/projects/:id/report-schedule",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/report-schedule` }),
    expected: workspace(200),
  },
  {
    route: "PUT /api/projects/:id/report-schedule",
    request: (w) => ({
      method: "PUT",
      url: `/api/projects/${w.projectId}/report-schedule`,
      payload: { enabled: false, dayOfWeek: 5, hour: 9, timeZone: "Europe/London", memberIds: [], emails: [] },
    }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "POST /api/projects/:id/report-schedule/send",
    request: (w) => ({ method: "POST", url: `/api/projects/${w.projectId}/report-schedule/send`, payload: {} }),
    expected: { anonymous: 401, member: 403, owner: 202, outsider: 404, admin: 404 },
  },
  {
    route: "GET /api/projects/:id/snag-list.pdf",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/snag-list.pdf?groupBy=location` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/projects/:id/bcf",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/bcf?version=2.1` }),
    expected: workspace(200),
  },
  {
    // Importing makes reports: anyone who may file reports in the project (issue 38).
    route: "POST /api/projects/:id/bcf",
    request: async (w) => {
      const guid = randomUUID();
      const zip = zipSync({
        "bcf.version": strToU8('<Version VersionId="3.0"/>'),
        [`${guid}/markup.bcf`]: strToU8(
          `<Markup><Topic Guid="${guid}" TopicType="Issue" TopicStatus="Open"><Title>Matrix</Title><CreationDate>2026-01-01T00:00:00Z</CreationDate><CreationAuthor>a@b.c</CreationAuthor></Topic></Markup>`,
        ),
      });
      const form = await multipart({}, [{ name: "m.bcfzip", data: Buffer.from(zip), type: "application/zip" }], "file");
      return { method: "POST", url: `/api/projects/${w.projectId}/bcf`, ...form };
    },
    expected: workspace(200),
  },

  {
    // Each caller lists its own workspace's contacts (none for the outsider or the admin).
    route: "GET /api/contacts",
    request: () => ({ method: "GET", url: "/api/contacts" }),
    expected: all(200),
  },
  {
    route: "POST /api/contacts",
    request: (_w, p) => ({
      method: "POST",
      url: "/api/contacts",
      payload: { name: "Matrix", company: "Matrix Co", email: `${p}.${Math.random()}@matrix.example` },
    }),
    expected: all(201),
  },
  {
    route: "PUT /api/contacts/:id",
    request: async (w) => ({
      method: "PUT",
      url: `/api/contacts/${await w.freshContact()}`,
      payload: { name: "Renamed", company: "Matrix Co", email: `renamed.${Math.random()}@matrix.example` },
    }),
    expected: workspace(200),
  },
  {
    route: "DELETE /api/contacts/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/contacts/${await w.freshContact()}` }),
    expected: workspace(200),
  },

  // Trades (issue 36): everyone reads their own workspace's; owners manage (each persona but the
  // member owns a workspace, so adding succeeds there); another workspace's key is not found.
  { route: "GET /api/trades", request: () => ({ method: "GET", url: "/api/trades" }), expected: all(200) },
  // Insight (issue 37): each caller's own workspace; another workspace's project reads as missing.
  {
    route: "GET /api/analytics/overview",
    request: (w) => ({ method: "GET", url: `/api/analytics/overview?projectId=${w.projectId}` }),
    expected: workspace(200),
  },
  {
    route: "POST /api/trades",
    request: (_w, p) => ({ method: "POST", url: "/api/trades", payload: { name: `Matrix ${p} ${Math.random()}` } }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "PATCH /api/trades/:key",
    request: async (w) => ({
      method: "PATCH",
      url: `/api/trades/${await w.freshTrade()}`,
      payload: { name: `Renamed ${Math.random()}` },
    }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/trades/:key",
    request: async (w) => ({ method: "DELETE", url: `/api/trades/${await w.freshTrade()}` }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },

  // API tokens (issue 38): each workspace's owner manages its own; members are refused; another
  // workspace's token is not found. (Tokens themselves as callers: api-tokens.test.ts.)
  {
    route: "GET /api/tokens",
    request: () => ({ method: "GET", url: "/api/tokens" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "POST /api/tokens",
    request: () => ({ method: "POST", url: "/api/tokens", payload: { name: "Matrix", scopes: "read write" } }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "DELETE /api/tokens/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/tokens/${await w.freshApiToken()}` }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  // Webhooks (issue 38, decision 0073): owner-only and session-only, like tokens; another
  // workspace's endpoint is not found.
  {
    route: "GET /api/webhooks",
    request: () => ({ method: "GET", url: "/api/webhooks" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "POST /api/webhooks",
    request: () => ({
      method: "POST",
      url: "/api/webhooks",
      payload: { url: "https://127.0.0.1/matrix", events: ["report.created"] },
    }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "PATCH /api/webhooks/:id",
    request: async (w) => ({
      method: "PATCH",
      url: `/api/webhooks/${await w.webhook()}`,
      payload: { events: ["sheet.ready"] },
    }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/webhooks/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/webhooks/${await w.webhook(true)}` }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  {
    route: "GET /api/webhooks/:id/deliveries",
    request: async (w) => ({ method: "GET", url: `/api/webhooks/${await w.webhook()}/deliveries` }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "POST /api/webhooks/:id/deliveries/:deliveryId/redeliver",
    request: async (w) => {
      const [id, deliveryId] = await w.freshDelivery();
      return { method: "POST", url: `/api/webhooks/${id}/deliveries/${deliveryId}/redeliver` };
    },
    expected: { anonymous: 401, member: 403, owner: 202, outsider: 404, admin: 404 },
  },
  {
    route: "POST /api/webhooks/:id/test",
    request: async (w) => ({ method: "POST", url: `/api/webhooks/${await w.webhook()}/test` }),
    expected: { anonymous: 401, member: 403, owner: 202, outsider: 404, admin: 404 },
  },
  // The API's own description (issue 38, decision 0067): public, like any API's reference.
  {
    route: "GET /api/openapi.json",
    request: () => ({ method: "GET", url: "/api/openapi.json" }),
    expected: all(200, 200),
  },
  { route: "GET /api/docs", request: () => ({ method: "GET", url: "/api/docs" }), expected: all(200, 200) },
  { route: "GET /api/docs/json", request: () => ({ method: "GET", url: "/api/docs/json" }), expected: all(200, 200) },
  { route: "GET /api/docs/yaml", request: () => ({ method: "GET", url: "/api/docs/yaml" }), expected: all(200, 200) },
  {
    route: "GET /api/docs/static/index.html",
    request: () => ({ method: "GET", url: "/api/docs/static/index.html" }),
    expected: all(302, 302),
  },
  {
    route: "GET /api/docs/static/swagger-initializer.js",
    request: () => ({ method: "GET", url: "/api/docs/static/swagger-initializer.js" }),
    expected: all(200, 200),
  },
  {
    route: "GET /api/docs/static/*",
    request: () => ({ method: "GET", url: "/api/docs/static/swagger-ui.css" }),
    expected: all(200, 200),
  },

  {
    route: "POST /api/projects/:id/share-links",
    request: (w) => ({ method: "POST", url: `/api/projects/${w.projectId}/share-links`, payload: { name: "Matrix" } }),
    expected: workspace(201),
  },
  {
    route: "GET /api/projects/:id/share-links",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/share-links` }),
    expected: workspace(200),
  },
  {
    route: "DELETE /api/share-links/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/share-links/${(await w.freshShareLink()).id}` }),
    expected: workspace(204),
  },
  {
    // No session needed: the link is the credential; a bearer token changes nothing.
    route: "GET /api/share/:token",
    request: async (w) => ({ method: "GET", url: `/api/share/${(await w.freshShareLink()).token}` }),
    expected: all(200, 200),
  },
  {
    // The crop of the plan around a shared snag's pin: the link is the credential here too.
    route: "GET /api/share/:token/reports/:reportId/plan",
    request: async (w) => ({
      method: "GET",
      url: `/api/share/${(await w.freshShareLink()).token}/reports/${await pinnedReport(w)}/plan`,
    }),
    expected: all(200, 200),
  },
  {
    // A shared snag's photo and its thumbnail: only through a live link (decision 0048).
    route: "GET /api/share/:token/reports/:reportId/photos/:attachmentId",
    request: async (w) => {
      const { reportId, attachmentId } = await sharedPhoto(w);
      const token = (await w.freshShareLink()).token;
      return { method: "GET", url: `/api/share/${token}/reports/${reportId}/photos/${attachmentId}` };
    },
    expected: all(200, 200),
  },
  {
    route: "GET /api/share/:token/reports/:reportId/photos/:attachmentId/thumbnail",
    request: async (w) => {
      const { reportId, attachmentId } = await sharedPhoto(w);
      const token = (await w.freshShareLink()).token;
      return { method: "GET", url: `/api/share/${token}/reports/${reportId}/photos/${attachmentId}/thumbnail` };
    },
    expected: all(200, 200),
  },
  {
    route: "POST /api/share/:token/reports/:reportId/fix",
    request: async (w) => {
      const body = await multipart({ note: "Fixed" }, [{ name: "fix.jpg", data: w.photo }]);
      return {
        method: "POST",
        url: `/api/share/${(await w.freshShareLink()).token}/reports/${await w.freshReport()}/fix`,
        payload: body.payload,
        headers: body.headers,
      };
    },
    expected: all(200, 200),
  },

  { route: "GET /api/snagging", request: () => ({ method: "GET", url: "/api/snagging" }), expected: all(200) },
  {
    route: "GET /api/snagging/counts",
    request: () => ({ method: "GET", url: "/api/snagging/counts" }),
    expected: all(200),
  },
  {
    route: "POST /api/snagging",
    request: async (w, p) => {
      const projectId = p === "anonymous" ? w.projectId : w.projectOf[p];
      const body = await multipart({ projectId, priority: "high", description: "📷 Photo 1 - Hall: Dent" }, [
        { name: "a.jpg", data: w.photo },
      ]);
      return { method: "POST", url: "/api/snagging", payload: body.payload, headers: body.headers };
    },
    expected: all(201),
  },
  {
    route: "GET /api/snagging/export/csv",
    request: () => ({ method: "GET", url: "/api/snagging/export/csv" }),
    expected: all(200),
  },
  {
    route: "GET /api/snagging/export/xlsx",
    request: () => ({ method: "GET", url: "/api/snagging/export/xlsx" }),
    expected: all(200),
  },
  {
    route: "GET /api/snagging/:id/download-pdf",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}/download-pdf` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/snagging/:id/link-activity",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}/link-activity` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/snagging/:id",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}` }),
    expected: workspace(200),
  },
  {
    route: "PATCH /api/snagging/:id",
    request: (w) => ({ method: "PATCH", url: `/api/snagging/${w.reportId}`, payload: { status: "in-progress" } }),
    expected: workspace(200),
  },
  {
    // Any signed-in caller uploads into its own workspace (scoping: uploads.test.ts). Fresh bytes
    // per cell (a JPEG with a unique tail), so every cell stores a new upload.
    route: "PUT /api/uploads/:sha256",
    request: (w) => {
      const bytes = Buffer.concat([w.photo, Buffer.from(`matrix-${++uploadCounter}`)]);
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      return {
        method: "PUT",
        url: `/api/uploads/${sha256}`,
        payload: bytes,
        headers: { "content-type": "application/octet-stream" },
      };
    },
    expected: all(201),
  },
  {
    // Whether the caller's workspace holds a photo: never one it has not uploaded (another
    // workspace's upload is unknown here: uploads.test.ts), so 404 for every signed-in caller.
    route: "HEAD /api/uploads/:sha256",
    request: () => ({ method: "HEAD", url: `/api/uploads/${"ab".repeat(32)}` }),
    expected: all(404),
  },
  {
    route: "GET /api/snagging/ids",
    request: () => ({ method: "GET", url: "/api/snagging/ids" }),
    expected: all(200),
  },
  // Another workspace's ids fail one by one inside a 200 (tested in snagging-bulk.test.ts).
  {
    route: "POST /api/snagging/bulk",
    request: (w) => ({
      method: "POST",
      url: "/api/snagging/bulk",
      payload: { ids: [w.reportId], changes: { priority: "high" } },
    }),
    expected: all(200),
  },
  {
    // The batch itself answers 200 to anyone signed in; each item is checked against the caller's
    // workspace (another workspace's report fails that item with 404: snagging-sync.test.ts).
    route: "POST /api/snagging/sync",
    request: (w) => ({
      method: "POST",
      url: "/api/snagging/sync",
      payload: {
        items: [
          {
            tempId: `matrix-${++syncCounter}`,
            action: "status",
            resource: "snagging",
            data: { reportId: w.reportId, status: "in-progress" },
          },
        ],
      },
    }),
    expected: all(200),
  },
  {
    route: "GET /api/snagging/:id/activity",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}/activity` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/snagging/:id/overwrites",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}/overwrites` }),
    expected: workspace(200),
  },
  {
    // The creator (here the workspace owner) or an owner verifies a resolved report's fix; a member may not.
    route: "POST /api/snagging/:id/verification",
    request: async (w) => {
      const report = await insertReport(
        w.t,
        { workspaceId: w.owner.user.workspaceId, projectId: w.projectId, userId: w.owner.user.id },
        { status: "resolved" },
      );
      return { method: "POST", url: `/api/snagging/${report.id}/verification`, payload: { decision: "accept" } };
    },
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "GET /api/snagging/:id/comments",
    request: (w) => ({ method: "GET", url: `/api/snagging/${w.reportId}/comments` }),
    expected: workspace(200),
  },
  {
    route: "POST /api/snagging/:id/comments",
    request: (w) => ({ method: "POST", url: `/api/snagging/${w.reportId}/comments`, payload: { body: "Looks fixed" } }),
    expected: workspace(201),
  },
  {
    // Only the comment's author (here the member): the owner of the workspace may not edit it.
    route: "PATCH /api/comments/:id",
    request: async (w) => ({
      method: "PATCH",
      url: `/api/comments/${await w.freshComment()}`,
      payload: { body: "Edited" },
    }),
    expected: { anonymous: 401, member: 200, owner: 403, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/comments/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/comments/${await w.freshComment()}` }),
    expected: { anonymous: 401, member: 204, owner: 403, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/snagging/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/snagging/${await w.freshReport()}` }),
    expected: workspace(204),
  },

  // Drawings (issue 24): a small PNG sheet in the owner's project; a fresh one per DELETE cell.
  {
    route: "POST /api/projects/:id/sheets",
    request: async (w) => ({ method: "POST", url: `/api/projects/${w.projectId}/sheets`, ...(await sheetUpload()) }),
    expected: workspace(201),
  },
  {
    route: "GET /api/projects/:id/sheets",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/sheets` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/sheets/:id",
    request: async (w) => ({ method: "GET", url: `/api/sheets/${await sharedSheet(w)}` }),
    expected: workspace(200),
  },
  {
    route: "PATCH /api/sheets/:id",
    request: async (w) => ({ method: "PATCH", url: `/api/sheets/${await sharedSheet(w)}`, payload: { level: "L2" } }),
    expected: workspace(200),
  },
  {
    route: "POST /api/sheets/:id/revisions",
    request: async (w) => ({
      method: "POST",
      url: `/api/sheets/${await sharedSheet(w)}/revisions`,
      ...(await sheetUpload()),
    }),
    expected: workspace(201),
  },
  {
    route: "DELETE /api/sheets/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/sheets/${await newSheet(w)}` }),
    expected: workspace(204),
  },

  // Locations (issue 36): a location of the owner's project; a fresh one per PATCH/DELETE cell.
  {
    route: "GET /api/projects/:id/locations",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/locations` }),
    expected: workspace(200),
  },
  {
    route: "POST /api/projects/:id/locations",
    request: (w) => ({
      method: "POST",
      url: `/api/projects/${w.projectId}/locations`,
      payload: { name: `Room ${++locationCounter}` },
    }),
    expected: workspace(201),
  },
  {
    route: "POST /api/projects/:id/locations/import",
    request: (w) => ({
      method: "POST",
      url: `/api/projects/${w.projectId}/locations/import`,
      payload: { lines: [`Block ${++locationCounter} > Level 1`] },
    }),
    expected: workspace(200),
  },
  {
    route: "GET /api/projects/:id/locations/labels.pdf",
    request: (w) => ({ method: "GET", url: `/api/projects/${w.projectId}/locations/labels.pdf` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/locations/:id",
    request: async (w) => ({ method: "GET", url: `/api/locations/${await newLocation(w)}` }),
    expected: workspace(200),
  },
  {
    route: "PATCH /api/locations/:id",
    request: async (w) => ({
      method: "PATCH",
      url: `/api/locations/${await newLocation(w)}`,
      payload: { code: "X-1" },
    }),
    expected: workspace(200),
  },
  {
    route: "DELETE /api/locations/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/locations/${await newLocation(w)}` }),
    expected: workspace(200),
  },

  { route: "GET /api/users", request: () => ({ method: "GET", url: "/api/users" }), expected: all(200) },
  { route: "GET /api/users/me", request: () => ({ method: "GET", url: "/api/users/me" }), expected: all(200) },
  {
    route: "PATCH /api/users/:id",
    request: (w) => ({
      method: "PATCH",
      url: `/api/users/${w.member.user.id}`,
      payload: { firstName: "Mem", lastName: "Ber", email: w.member.user.email },
    }),
    expected: { anonymous: 401, member: 200, owner: 403, outsider: 403, admin: 403 },
  },
  {
    route: "PATCH /api/users/:id/password",
    request: (w) => ({
      method: "PATCH",
      url: `/api/users/${w.member.user.id}/password`,
      payload: { currentPassword: w.member.password, newPassword: w.member.password },
    }),
    expected: { anonymous: 401, member: 204, owner: 403, outsider: 403, admin: 403 },
  },
  {
    route: "PATCH /api/users/:id/membership",
    request: (w) => ({
      method: "PATCH",
      url: `/api/users/${w.member.user.id}/membership`,
      payload: {
        membership_type: "free",
        membership_start_date: null,
        membership_end_date: null,
        membership_amount: 0,
      },
    }),
    expected: adminOnly(200),
  },

  { route: "GET /api/team", request: () => ({ method: "GET", url: "/api/team" }), expected: all(200) },
  {
    route: "DELETE /api/team/members/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/team/members/${await w.freshMember()}` }),
    // Owners of other workspaces (the admin's own included) pass the owner check and find no such member.
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  {
    route: "GET /api/invitations",
    request: () => ({ method: "GET", url: "/api/invitations" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "POST /api/invitations",
    request: () => ({ method: "POST", url: "/api/invitations", payload: { email: "" } }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "GET /api/invitations/recent",
    request: () => ({ method: "GET", url: "/api/invitations/recent" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "POST /api/invitations/:id/resend",
    request: async (w) => {
      const made = await w.t.request({
        method: "POST",
        url: "/api/invitations",
        token: w.owner.accessToken,
        payload: { email: uniqueEmail() },
      });
      return {
        method: "POST",
        url: `/api/invitations/${(made.json() as { invitation: { id: string } }).invitation.id}/resend`,
      };
    },
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/invitations/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/invitations/${(await w.freshInvitation()).id}` }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  {
    route: "GET /api/invitations/token/:token",
    request: async (w) => ({ method: "GET", url: `/api/invitations/token/${(await w.freshInvitation()).token}` }),
    expected: all(200, 200),
  },
  {
    route: "POST /api/invitations/token/:token/accept",
    // Without confirmMove: members of the workspace hear they already belong, anyone else must confirm.
    request: async (w) => ({
      method: "POST",
      url: `/api/invitations/token/${(await w.freshInvitation()).token}/accept`,
      payload: {},
    }),
    expected: all(409),
  },
  {
    route: "POST /api/invitations/token/:token/register",
    request: async (w) => ({
      method: "POST",
      url: `/api/invitations/token/${(await w.freshInvitation()).token}/register`,
      payload: { firstName: "New", lastName: "Joiner", email: uniqueEmail(), password: "matrix-pass-1" },
    }),
    expected: all(201, 201),
  },

  {
    route: "GET /api/workspace/branding",
    request: () => ({ method: "GET", url: "/api/workspace/branding" }),
    expected: all(200),
  },
  {
    // Owners only; every signed-in persona but the member owns a workspace of their own.
    route: "PUT /api/workspace/branding",
    request: () => ({
      method: "PUT",
      url: "/api/workspace/branding",
      payload: { companyName: "Matrix Ltd", accentColour: "#112233" },
    }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "PUT /api/workspace/branding/logo",
    request: async (w) => {
      const body = await multipart({}, [{ name: "logo.jpg", data: w.photo }], "logo");
      return { method: "PUT", url: "/api/workspace/branding/logo", payload: body.payload, headers: body.headers };
    },
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },
  {
    route: "DELETE /api/workspace/branding/logo",
    request: () => ({ method: "DELETE", url: "/api/workspace/branding/logo" }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 200, admin: 200 },
  },

  {
    route: "GET /api/notifications",
    request: () => ({ method: "GET", url: "/api/notifications" }),
    expected: all(200),
  },
  {
    route: "POST /api/notifications/read-all",
    request: () => ({ method: "POST", url: "/api/notifications/read-all" }),
    expected: all(204),
  },
  {
    route: "POST /api/notifications/:id/read",
    request: (w) => ({ method: "POST", url: `/api/notifications/${w.notificationId}/read` }),
    expected: { anonymous: 401, member: 204, owner: 404, outsider: 404, admin: 404 },
  },

  {
    route: "GET /api/admin/stats",
    request: () => ({ method: "GET", url: "/api/admin/stats" }),
    expected: adminOnly(200),
  },
  {
    route: "GET /api/admin/settings",
    request: () => ({ method: "GET", url: "/api/admin/settings" }),
    expected: adminOnly(200),
  },
  {
    route: "GET /api/admin/export/users.csv",
    request: () => ({ method: "GET", url: "/api/admin/export/users.csv" }),
    expected: adminOnly(200),
  },
  {
    route: "PATCH /api/admin/workspaces/:id/storage-quota",
    request: (w) => ({
      method: "PATCH",
      url: `/api/admin/workspaces/${w.owner.user.workspaceId}/storage-quota`,
      payload: { quotaMb: null },
    }),
    expected: adminOnly(200),
  },

  { route: "GET /api/audits", request: () => ({ method: "GET", url: "/api/audits" }), expected: all(200) },
  {
    route: "GET /api/audits/count",
    request: () => ({ method: "GET", url: "/api/audits/count" }),
    expected: all(200),
  },
  {
    route: "GET /api/audits/trends",
    request: () => ({ method: "GET", url: "/api/audits/trends" }),
    expected: all(200),
  },
  {
    route: "POST /api/audits",
    request: (w, p) => ({
      method: "POST",
      url: "/api/audits",
      payload: { projectId: p === "anonymous" ? w.projectId : w.projectOf[p], auditDate: "2026-11-20" },
    }),
    expected: all(201),
  },
  {
    route: "POST /api/audits/import",
    request: async (w, p) => ({
      method: "POST",
      url: "/api/audits/import",
      payload: await deviceAudit(p === "anonymous" ? w.projectId : w.projectOf[p]),
    }),
    expected: all(201),
  },
  {
    route: "GET /api/audits/:id",
    request: (w) => ({ method: "GET", url: `/api/audits/${w.audits.byOwner}` }),
    expected: workspace(200),
  },
  {
    // The owner's audit: a member who is not its auditor may read it but not change it.
    route: "PATCH /api/audits/:id",
    request: (w) => ({ method: "PATCH", url: `/api/audits/${w.audits.byOwner}`, payload: { notes: "Matrix" } }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "DELETE /api/audits/:id",
    request: async (w) => ({ method: "DELETE", url: `/api/audits/${await w.audits.freshByOwner()}` }),
    expected: { anonymous: 401, member: 403, owner: 204, outsider: 404, admin: 404 },
  },
  {
    // The member's own audit: its auditor and the owner may answer.
    route: "PATCH /api/audits/:id/items/:itemId",
    request: (w) => ({
      method: "PATCH",
      url: `/api/audits/${w.audits.byMember}/items/cdm-2`,
      payload: { status: "C" },
    }),
    expected: workspace(200),
  },
  {
    route: "POST /api/audits/:id/items/:itemId/photos",
    request: async (w) => {
      const body = await multipartPhoto();
      return {
        method: "POST",
        url: `/api/audits/${w.audits.byMember}/items/ppe-2/photos`,
        payload: body.payload,
        headers: body.headers,
      };
    },
    expected: workspace(201),
  },
  {
    route: "DELETE /api/audits/:id/photos/:photoId",
    request: async (w) => {
      const { auditId, photoId } = await w.audits.freshPhoto();
      return { method: "DELETE", url: `/api/audits/${auditId}/photos/${photoId}` };
    },
    expected: workspace(200),
  },
  {
    route: "GET /api/audits/:id/pdf",
    request: (w) => ({ method: "GET", url: `/api/audits/${w.audits.byOwner}/pdf` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/audits/:id/history",
    request: (w) => ({ method: "GET", url: `/api/audits/${w.audits.byMember}/history` }),
    expected: workspace(200),
  },
  {
    route: "GET /api/audits/:id/overwrites",
    request: (w) => ({ method: "GET", url: `/api/audits/${w.audits.byMember}/overwrites` }),
    expected: workspace(200),
  },
  {
    route: "POST /api/audits/:id/revisions",
    request: async (w) => ({ method: "POST", url: `/api/audits/${await w.audits.freshCompleted()}/revisions` }),
    expected: workspace(201),
  },
  {
    route: "GET /api/audits/:id/revisions/:revision",
    request: (w) => ({ method: "GET", url: `/api/audits/${w.audits.revisedId}/revisions/1` }),
    expected: workspace(200),
  },

  {
    route: "GET /api/audit-templates",
    request: () => ({ method: "GET", url: "/api/audit-templates" }),
    expected: all(200),
  },
  {
    // Any owner makes templates in their own workspace; a member does not.
    route: "POST /api/audit-templates",
    request: () => ({ method: "POST", url: "/api/audit-templates", payload: matrixTemplateBody("Matrix new") }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "POST /api/audit-templates/import",
    request: () => ({
      method: "POST",
      url: "/api/audit-templates/import",
      payload: { name: "Matrix CSV", csv: "Section,Question,Guidance,Answer set\nS,Tagged?,,Yes/No/N/A" },
    }),
    expected: { anonymous: 401, member: 403, owner: 201, outsider: 201, admin: 201 },
  },
  {
    route: "GET /api/audit-templates/:id",
    request: (w) => ({ method: "GET", url: `/api/audit-templates/${w.templates.id}` }),
    expected: workspace(200),
  },
  {
    route: "PATCH /api/audit-templates/:id",
    request: (w) => ({
      method: "PATCH",
      url: `/api/audit-templates/${w.templates.id}`,
      payload: { description: "Matrix" },
    }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
  {
    route: "POST /api/audit-templates/:id/archive",
    request: async (w) => ({ method: "POST", url: `/api/audit-templates/${await w.templates.fresh()}/archive` }),
    expected: { anonymous: 401, member: 403, owner: 200, outsider: 404, admin: 404 },
  },
];

/** Routes outside the API: the attachment files and the web app, open to anyone by design. */
const NOT_API = (route: string) => !route.split(" ")[1]?.startsWith("/api");

describe.each(DIALECTS)("authorisation matrix (%s)", (kind) => {
  let w: World;

  beforeAll(async () => {
    sharedSheetId = undefined;
    pinnedReportId = undefined;
    photographedReport = undefined;
    // Webhooks to 127.0.0.1 are allowed here (never sent: nothing drives the worker).
    const t = await createTestApp(kind, { WEBHOOKS_ALLOW_PRIVATE: "1" });
    const owner = await signUp(t, { firstName: "Olive" });
    let sharedWebhook: string | undefined;
    const newWebhook = async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/webhooks",
        token: owner.accessToken,
        payload: { url: "https://127.0.0.1/matrix", events: ["report.created"] },
      });
      return (res.json() as { webhook: { id: string } }).webhook.id;
    };
    const webhook = async (fresh?: boolean) => {
      if (fresh) return newWebhook();
      sharedWebhook ??= await newWebhook();
      return sharedWebhook;
    };
    const invite = async () => {
      const res = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
      return res.json() as { invitation: { id: string }; token: string };
    };
    const join = async () => {
      const { token } = await invite();
      const res = await t.request({
        method: "POST",
        url: `/api/invitations/token/${token}/register`,
        payload: { firstName: "Mel", lastName: "Member", email: uniqueEmail(), password: "matrix-pass-1" },
      });
      return { ...(res.json() as AuthResponse), password: "matrix-pass-1" };
    };
    const member = await join();
    const projectId = (await createProject(t, owner.accessToken)).id;
    const report = await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id });
    await notifyAssigned(
      t.ctx.db,
      {
        id: report.id as string,
        workspace_id: owner.user.workspaceId,
        title: report.title,
        assigned_to: member.user.id,
        created_by: owner.user.id,
      },
      owner.user.id,
    );
    const notification = await t.ctx.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    const outsider = await signUp(t, { firstName: "Otto" });
    const admin = await signInAdmin(t);
    w = {
      t,
      owner,
      member,
      outsider,
      admin,
      projectOf: {
        member: projectId,
        owner: projectId,
        outsider: (await createProject(t, outsider.accessToken)).id,
        admin: (await createProject(t, admin.accessToken)).id,
      },
      photo: await jpegPhoto(),
      freshReport: async () =>
        String((await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id })).id),
      projectId,
      reportId: report.id as string,
      notificationId: notification.id,
      freshProject: async () => (await createProject(t, owner.accessToken)).id,
      freshInvitation: async () => {
        const { invitation, token } = await invite();
        return { id: invitation.id, token };
      },
      freshMember: async () => (await join()).user.id,
      freshShareLink: async () => {
        const res = await t.request({
          method: "POST",
          url: `/api/projects/${projectId}/share-links`,
          token: owner.accessToken,
          payload: { name: "Matrix link" },
        });
        const { id, url } = res.json() as { id: string; url: string };
        return { id, token: url.split("/s/")[1] as string };
      },
      audits: await matrixAudits(t, owner, member, projectId),
      templates: await matrixTemplates(t, owner),
      freshComment: async () => {
        const res = await t.request({
          method: "POST",
          url: `/api/snagging/${report.id}/comments`,
          token: member.accessToken,
          payload: { body: "For the matrix" },
        });
        return (res.json() as { comment: { id: string } }).comment.id;
      },
      freshContact: async () => {
        const res = await t.request({
          method: "POST",
          url: "/api/contacts",
          token: owner.accessToken,
          payload: { name: "Fresh", company: "Matrix Co", email: `fresh.${Math.random()}@matrix.example` },
        });
        return (res.json() as { contact: { id: string } }).contact.id;
      },
      freshTrade: async () => {
        const res = await t.request({
          method: "POST",
          url: "/api/trades",
          token: owner.accessToken,
          payload: { name: `Fresh ${Math.random()}` },
        });
        return (res.json() as { trade: { key: string } }).trade.key;
      },
      freshApiToken: async () => {
        const res = await t.request({
          method: "POST",
          url: "/api/tokens",
          token: owner.accessToken,
          payload: { name: "Matrix token", scopes: "read" },
        });
        return (res.json() as { token: { id: string } }).token.id;
      },
      webhook,
      freshDelivery: async () => {
        const id = await webhook();
        const res = await t.request({ method: "POST", url: `/api/webhooks/${id}/test`, token: owner.accessToken });
        return [id, (res.json() as { delivery: { id: string } }).delivery.id];
      },
      freshTrashedReport: async () => {
        const id = String(
          (await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id })).id,
        );
        await t.request({ method: "DELETE", url: `/api/snagging/${id}`, token: owner.accessToken });
        const item = await t.ctx.db
          .selectFrom("trash_items")
          .select("id")
          .where("item_id", "=", id)
          .executeTakeFirstOrThrow();
        return item.id;
      },
    };
  });
  afterAll(() => w.t.close());

  it("has exactly one row for every API route the app registers", () => {
    const registered = [...new Set(w.t.routes.filter((r) => !NOT_API(r)))].sort();
    expect(ROWS.map((r) => r.route).sort()).toEqual(registered);
  });

  it.each(ROWS.map((row) => [row.route, row] as const))("%s", async (_route, row) => {
    const got: Partial<Expected> = {};
    for (const persona of PERSONAS) {
      const options = await row.request(w, persona);
      const token = persona === "anonymous" || row.ownSession ? undefined : w[persona].accessToken;
      const res = await w.t.request({ ...options, ...(token ? { token } : {}) });
      got[persona] = res.statusCode;
    }
    expect(got).toEqual(row.expected);
  });
});
