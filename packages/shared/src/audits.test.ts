import { describe, expect, it } from "vitest";
import {
  AUDIT_BACKUP_FORMAT,
  type AuditBackup,
  AuditDetailSchema,
  BACKUP_MESSAGES,
  NewAuditInputSchema,
  newChecklist,
  readAuditBackup,
} from "./audits";

const summary = {
  id: "a1",
  userId: "u1",
  projectId: "p1",
  projectName: "Block B",
  auditDate: 1_790_000_000,
  auditorName: "Pat Foreman",
  status: "draft" as const,
  overallScore: 0,
  totalItems: 27,
  passedItems: 0,
  failedItems: 0,
  notes: "",
  templateVersion: "v",
  createdAt: 1,
  updatedAt: 1,
};
const detail = {
  auditId: "a1",
  userId: "u1",
  templateVersion: "v",
  formData: {
    projectType: ["Fit-out" as const],
    projectName: "Block B",
    siteAddress: "",
    principalContractor: "",
    auditorName: "Pat",
    auditorRole: "",
    auditDate: "2026-11-23",
    auditTime: "09:00",
    weather: "",
    shift: "",
    inductionConfirmed: false,
    siteContact: "",
    siteContactTel: "",
  },
  checklist: newChecklist(),
  auditorSignature: "",
  auditorSignedAt: null,
  siteRepName: "",
  siteRepSignature: "",
  siteRepSignedAt: null,
  updatedAt: 1,
};
const backup = (audits: unknown[] = [{ summary, detail, photos: [{ id: "ph1", type: "image/jpeg", data: "AAEC" }] }]) =>
  JSON.stringify({ format: AUDIT_BACKUP_FORMAT, version: 1, exportedAt: 5, audits });

describe("NewAuditInputSchema", () => {
  it("requires a project with SPEC's message", () => {
    const r = NewAuditInputSchema.safeParse({ projectId: "", auditDate: "2026-11-23" });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Please select a project"]);
  });
  it("requires a real date and keeps notes optional", () => {
    expect(NewAuditInputSchema.safeParse({ projectId: "p", auditDate: "" }).error?.issues[0]?.message).toBe(
      "Audit date is required",
    );
    expect(NewAuditInputSchema.parse({ projectId: "p", auditDate: "2026-11-23" }).notes).toBe("");
  });
});

describe("newChecklist", () => {
  it("starts all 27 items unassessed and parses as a detail checklist", () => {
    const list = newChecklist();
    expect(list).toHaveLength(27);
    expect(list.every((i) => i.status === "" && i.photos.length === 0 && i.snag === null)).toBe(true);
    expect(AuditDetailSchema.parse(detail).checklist).toHaveLength(27);
  });
});

describe("readAuditBackup", () => {
  it("reads a valid backup", () => {
    const r = readAuditBackup(backup());
    expect(r.ok).toBe(true);
    expect(r.ok && (r.backup as AuditBackup).audits[0]?.photos[0]?.id).toBe("ph1");
  });
  it.each([
    ["not JSON at all", "hello"],
    ["an image's bytes", "\u0089PNG\r\n"],
    ["another app's JSON", JSON.stringify({ transactions: [] })],
    ["a JSON array", "[1,2]"],
    ["JSON null", "null"],
  ])("calls %s foreign", (_name, text) => {
    expect(readAuditBackup(text)).toEqual({ ok: false, reason: "foreign", message: BACKUP_MESSAGES.foreign });
  });
  it.each([
    ["cut off mid-file", backup().slice(0, 300)],
    ["missing its audits", JSON.stringify({ format: AUDIT_BACKUP_FORMAT, version: 1, exportedAt: 1 })],
    [
      "with a bad item status",
      backup([{ summary, detail: { ...detail, checklist: [{ ...detail.checklist[0], status: "X" }] }, photos: [] }]),
    ],
    [
      "with photo bytes that are not base64",
      backup([{ summary, detail, photos: [{ id: "p", type: "image/jpeg", data: "<script>" }] }]),
    ],
    [
      "with a photo of a type we never store",
      backup([{ summary, detail, photos: [{ id: "p", type: "text/html", data: "AA==" }] }]),
    ],
    ["whose summary and detail disagree", backup([{ summary, detail: { ...detail, auditId: "other" }, photos: [] }])],
    [
      "with control characters in a name",
      backup([{ summary: { ...summary, projectName: "a\u0000b" }, detail, photos: [] }]),
    ],
  ])("calls one of ours %s corrupt", (_name, text) => {
    expect(readAuditBackup(text)).toEqual({ ok: false, reason: "corrupt", message: BACKUP_MESSAGES.corrupt });
  });
  it("asks for an update when the file comes from a newer version", () => {
    const text = JSON.stringify({ format: AUDIT_BACKUP_FORMAT, version: 99, exportedAt: 1, audits: [] });
    expect(readAuditBackup(text)).toMatchObject({ ok: false, reason: "newer" });
  });
});
