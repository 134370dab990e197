// Test data for audits: a workspace with an owner and invited members, and audits made through the
// real API (POST /api/audits), with signatures drawn as real PNG data URLs.

import { randomUUID } from "node:crypto";
import { type ChecklistItem, newChecklist } from "@sitesnag/shared/audits";
import type { AuditApi, AuditImport } from "@sitesnag/shared/audits-api";
import type { AuthResponse } from "@sitesnag/shared/auth";
import { createProject, signUp } from "./factories";
import type { TestApp } from "./harness";
import { jpegPhoto, multipart, pngImage } from "./images";

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

/** Audits for the authorisation matrix: one by the member, one by the owner, fresh ones on demand. */
export async function matrixAudits(t: TestApp, owner: AuthResponse, member: AuthResponse, projectId: string) {
  const signature = await signatureDataUrl();
  const byMember = await createAudit(t, member.accessToken, projectId);
  const byOwner = await createAudit(t, owner.accessToken, projectId);
  const completed = async (): Promise<AuditApi> => {
    const audit = await createAudit(t, member.accessToken, projectId);
    const res = await t.request({
      method: "PATCH",
      url: `/api/audits/${audit.id}`,
      token: member.accessToken,
      payload: { auditorSignature: signature, siteRepName: "Rep", siteRepSignature: signature, status: "completed" },
    });
    if (res.statusCode !== 200) throw new Error(`complete failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { audit: AuditApi }).audit;
  };
  const revised = await completed();
  await t.request({ method: "POST", url: `/api/audits/${revised.id}/revisions`, token: member.accessToken });
  const photoOf = async (auditId: string): Promise<string> => {
    const body = await multipartPhoto();
    const res = await t.request({
      method: "POST",
      url: `/api/audits/${auditId}/items/ppe-1/photos`,
      token: member.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    if (res.statusCode !== 201) throw new Error(`photo failed: ${res.statusCode} ${res.body}`);
    const photos = (res.json() as { audit: AuditApi }).audit.items.find((i) => i.id === "ppe-1")?.photos ?? [];
    return (photos[photos.length - 1] as { id: string }).id;
  };
  return {
    byMember: byMember.id,
    byOwner: byOwner.id,
    revisedId: revised.id,
    freshByOwner: async () => (await createAudit(t, owner.accessToken, projectId)).id,
    freshCompleted: async () => (await completed()).id,
    freshPhoto: async () => ({ auditId: byMember.id, photoId: await photoOf(byMember.id) }),
  };
}

export async function multipartPhoto() {
  return multipart({}, [{ name: "site.jpg", data: await jpegPhoto({ width: 64, height: 48 }) }]);
}

/** One audit as the browser keeps it and a backup file holds it (decision 0014), for POST /api/audits/import. */
export async function deviceAudit(
  projectId: string,
  options: { signed?: boolean; photo?: Buffer; answers?: Partial<ChecklistItem>[] } = {},
): Promise<AuditImport> {
  const id = randomUUID();
  const photoId = randomUUID();
  const signature = options.signed ? await signatureDataUrl() : "";
  const checklist = newChecklist().map((item, i) => ({
    ...item,
    status: (i < 10 ? "C" : "") as ChecklistItem["status"],
    ...(options.answers?.find((a) => a.id === item.id) ?? {}),
    photos: options.photo && item.id === "height-1" ? [photoId] : [],
  }));
  const now = Math.floor(Date.now() / 1000) - 3600;
  return {
    summary: {
      id,
      userId: randomUUID(),
      projectId,
      projectName: "Riverside Tower",
      auditDate: Date.UTC(2026, 9, 5) / 1000,
      auditorName: "Device User",
      status: options.signed ? "completed" : "draft",
      overallScore: 37,
      totalItems: 27,
      passedItems: 10,
      failedItems: 0,
      notes: "From the phone",
      templateVersion: "uk-site-safety-2026.1",
      createdAt: now,
      updatedAt: now,
    },
    detail: {
      auditId: id,
      userId: randomUUID(),
      templateVersion: "uk-site-safety-2026.1",
      notes: "From the phone",
      formData: {
        projectType: ["New build"],
        projectName: "Riverside Tower",
        siteAddress: "1 Quay St",
        principalContractor: "Acme Build",
        auditorName: "Device User",
        auditorRole: "Site manager",
        auditDate: "2026-10-05",
        auditTime: "08:30",
        weather: "Dry",
        shift: "Day",
        inductionConfirmed: true,
        siteContact: "Pat",
        siteContactTel: "0123",
      },
      checklist,
      auditorSignature: signature,
      auditorSignedAt: options.signed ? now : null,
      siteRepName: options.signed ? "Sally Site-Rep" : "",
      siteRepSignature: signature,
      siteRepSignedAt: options.signed ? now : null,
      updatedAt: now,
    },
    photos: options.photo ? [{ id: photoId, type: "image/jpeg", data: options.photo.toString("base64") }] : [],
  };
}

/** Templates for the authorisation matrix: the owner's, and a fresh one per cell that uses it up. */
export async function matrixTemplates(t: TestApp, owner: AuthResponse) {
  let n = 0;
  const make = async (): Promise<string> => {
    n += 1;
    const res = await t.request({
      method: "POST",
      url: "/api/audit-templates",
      token: owner.accessToken,
      payload: {
        name: `Matrix ${n}`,
        sections: [{ title: "S", items: [{ question: "Tagged?", answerSet: "yesno" }] }],
      },
    });
    if (res.statusCode !== 201) throw new Error(`template failed: ${res.statusCode} ${res.body}`);
    return (res.json() as { template: { id: string } }).template.id;
  };
  return { id: await make(), fresh: make };
}

/** A template body that any owner may create. */
export const matrixTemplateBody = (name: string) => ({
  name,
  sections: [{ title: "S", items: [{ question: "Tagged?", answerSet: "yesno" }] }],
});
