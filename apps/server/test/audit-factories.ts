// Test data for audits: a workspace with an owner and invited members, and audits made through the
// real API (POST /api/audits), with signatures drawn as real PNG data URLs.

import type { AuditApi } from "@sitesnag/shared/audits-api";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { createProject, signUp } from "./factories";
import type { TestApp } from "./harness";
import { pngImage } from "./images";

let counter = 0;

/** A new account joined to the owner's workspace through an invitation link. */
export async function joinWorkspace(t: TestApp, ownerToken: string, firstName = "Mel"): Promise<AuthResponse> {
  counter += 1;
  const invite = await t.request({ method: "POST", url: "/api/invitations", token: ownerToken, payload: {} });
  const { token } = invite.json() as { token: string };
  const res = await t.request({
    method: "POST",
    url: `/api/invitations/token/${token}/register`,
    payload: {
      firstName,
      lastName: "Member",
      email: `audit.member.${counter}.${Date.now()}@example.com`,
      password: "member-pass-1",
    },
  });
  if (res.statusCode !== 201) throw new Error(`joinWorkspace failed: ${res.statusCode} ${res.body}`);
  return res.json() as AuthResponse;
}

export type AuditTeam = { owner: AuthResponse; member: AuthResponse; other: AuthResponse; projectId: string };

/** An owner, two members of the same workspace and a project. */
export async function auditTeam(t: TestApp): Promise<AuditTeam> {
  const owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
  const member = await joinWorkspace(t, owner.accessToken, "Aud");
  const other = await joinWorkspace(t, owner.accessToken, "Otis");
  const projectId = (await createProject(t, owner.accessToken, { name: "Riverside Tower", location: "1 Quay St" })).id;
  return { owner, member, other, projectId };
}

export async function createAudit(
  t: TestApp,
  token: string,
  projectId: string,
  body: Record<string, unknown> = {},
): Promise<AuditApi> {
  const res = await t.request({
    method: "POST",
    url: "/api/audits",
    token,
    payload: { projectId, auditDate: "2026-11-20", ...body },
  });
  if (res.statusCode !== 201) throw new Error(`createAudit failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { audit: AuditApi }).audit;
}

export const signatureDataUrl = async (width = 300, height = 120): Promise<string> =>
  `data:image/png;base64,${(await pngImage(width, height)).toString("base64")}`;
