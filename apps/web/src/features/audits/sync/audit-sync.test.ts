import { type AuditDetail, type AuditSummary, newChecklist } from "@sitesnag/shared/audits";
import type { AuditApi } from "@sitesnag/shared/audits-api";
import { describe, expect, it } from "vitest";
import { createMemoryAuditRecords } from "../../../offline/audit-records.memory";
import { auditChanges, blankDetail } from "./audit-changes";
import { mergeAudits } from "./audit-list";
import { AuditRefused, type AuditTransport, newSyncRecord, syncAudits } from "./audit-sync";

const SIG = "data:image/png;base64,AAAA";

function detail(patch: Partial<AuditDetail> = {}): AuditDetail {
  return {
    ...blankDetail({
      auditId: "a1",
      userId: "u1",
      templateVersion: "v",
      notes: "",
      formData: {} as AuditDetail["formData"],
      checklist: [],
      auditorSignature: "",
      auditorSignedAt: null,
      siteRepName: "",
      siteRepSignature: "",
      siteRepSignedAt: null,
      updatedAt: 100,
    }),
    ...patch,
  };
}
const answered = (d: AuditDetail, id: string, patch: Partial<AuditDetail["checklist"][number]>): AuditDetail => ({
  ...d,
  checklist: d.checklist.map((i) => (i.id === id ? { ...i, ...patch } : i)),
});
const summary = (updatedAt: number, patch: Partial<AuditSummary> = {}): AuditSummary => ({
  id: "a1",
  userId: "u1",
  projectId: "p1",
  projectName: "Block B",
  auditDate: 1_764_000_000,
  auditorName: "Ann",
  status: "draft",
  overallScore: 0,
  totalItems: 27,
  passedItems: 0,
  failedItems: 0,
  notes: "",
  templateVersion: "v",
  createdAt: 1,
  updatedAt,
  ...patch,
});

describe("auditChanges", () => {
  it("answers a custom template's number and text items by value, its status items by status", () => {
    const def = (id: string, answerSet: "yesno" | "number" | "text") => ({
      id,
      question: id,
      guidance: "",
      answerSet,
      unit: "",
      min: answerSet === "number" ? 950 : null,
      max: null,
      photoOnNc: false,
      riskOnNc: false,
      weight: 1,
    });
    const template = {
      id: "t1",
      name: "Scaffold weekly",
      version: "2",
      sections: [
        { id: "s1", title: "Scaffold", items: [def("tag", "yesno"), def("height", "number"), def("note", "text")] },
      ],
    };
    const base = detail({ template, checklist: newChecklist(template) });
    let current = answered(base, "tag", { status: "NC" });
    current = answered(current, "height", { status: "C", value: "1000" });
    current = answered(current, "note", { value: "Checked by Sam" });
    expect(auditChanges(base, current, {}, false).answers).toEqual([
      { itemId: "tag", status: "NC" },
      { itemId: "height", value: "1000" },
      { itemId: "note", value: "Checked by Sam" },
    ]);
    // A server audit is created from nothing: the blank it is compared with is the template's.
    expect(auditChanges(null, current, {}, false).answers).toHaveLength(3);
  });

  it("sends only the items and fields that changed, and nothing when nothing did", () => {
    const base = answered(detail(), "cdm-1", { status: "C" });
    const current = answered(answered(base, "cdm-1", { notes: "ok" }), "access-1", { status: "NC", riskSeverity: 4 });
    const changes = auditChanges(base, current, {}, false);
    expect(changes.answers).toEqual([
      { itemId: "cdm-1", notes: "ok" },
      { itemId: "access-1", status: "NC", riskSeverity: 4 },
    ]);
    expect(changes.fields).toBeNull();
    expect(changes.complete).toBe(false);
    const none = auditChanges(current, current, {}, false);
    expect(none.answers).toEqual([]);
    expect(none.signatures).toBeNull();
  });

  it("adds new photos, removes mapped ones, and completes once both have signed", () => {
    const base = answered(detail(), "cdm-1", { photos: ["p1", "p2"] });
    const current = {
      ...answered(base, "cdm-1", { photos: ["p2", "p3"] }),
      auditorSignature: SIG,
      auditorSignedAt: 1_700_000_000,
      siteRepSignature: SIG,
      siteRepSignedAt: 1_700_000_060,
    };
    const changes = auditChanges(base, current, { p1: "s1", p2: "s2" }, false);
    expect(changes.addPhotos).toEqual([{ itemId: "cdm-1", photoId: "p3" }]);
    expect(changes.removePhotos).toEqual([{ itemId: "cdm-1", photoId: "p1", serverPhotoId: "s1" }]);
    // Each signature travels with the time it was made on the device.
    expect(changes.signatures).toEqual({
      auditorSignature: SIG,
      auditorSignedAt: 1_700_000_000,
      siteRepSignature: SIG,
      siteRepSignedAt: 1_700_000_060,
    });
    // A cleared signature has no time to send.
    const cleared = auditChanges(current, { ...current, siteRepSignature: "", siteRepSignedAt: null }, {}, false);
    expect(cleared.signatures).toEqual({ siteRepSignature: "" });
    expect(changes.complete).toBe(true);
    expect(auditChanges(current, current, {}, true).complete).toBe(false);
  });
});

/** A server that applies what it is sent to one audit, and can lose its answers (the request did apply). */
function fakeServer() {
  const calls: string[] = [];
  const answers = new Map<string, Record<string, unknown>>();
  const photos: { id: string; itemId: string; key: string }[] = [];
  let status: "draft" | "completed" = "draft";
  let created = 0;
  let deleted = false;
  let loseNextAnswer = false;
  const versions = new Map<string, number>();
  const sent: Record<string, unknown>[] = [];
  const audit = (): AuditApi =>
    ({
      id: "s1",
      status,
      items: newChecklist().map((i) => ({
        id: i.id,
        photos: photos.filter((p) => p.itemId === i.id),
        version: versions.get(i.id) ?? 0,
      })),
    }) as unknown as AuditApi;
  const answer = () => {
    if (loseNextAnswer) {
      loseNextAnswer = false;
      throw new TypeError("Failed to fetch");
    }
    return audit();
  };
  const transport: AuditTransport = {
    create: async () => {
      calls.push("create");
      if (created === 0) created = 1;
      return answer();
    },
    importAudit: async (body) => {
      calls.push("import");
      if (created === 0)
        for (const i of body.detail.checklist)
          for (const id of i.photos) photos.push({ id: `sp${photos.length + 1}`, itemId: i.id, key: `import-${id}` });
      created = 1;
      return answer();
    },
    patch: async (_id, body) => {
      calls.push(`patch ${Object.keys(body).join(",")}`);
      if (body.status === "completed") status = "completed";
      for (const a of (body.answers as { itemId: string }[] | undefined) ?? []) {
        sent.push(a);
        answers.set(a.itemId, { ...answers.get(a.itemId), ...a });
        versions.set(a.itemId, (versions.get(a.itemId) ?? 0) + 1);
      }
      return answer();
    },
    addPhoto: async (_id, itemId, _blob, key) => {
      calls.push(`photo ${key}`);
      if (!photos.some((p) => p.key === key)) photos.push({ id: `sp${photos.length + 1}`, itemId, key });
      return answer();
    },
    removePhoto: async () => {
      calls.push("remove");
    },
    // Like the web transport: an audit already gone (404) resolves too.
    remove: async () => {
      calls.push("delete");
      deleted = true;
      answer();
    },
    findByClientId: async (clientId) => {
      calls.push(`find ${clientId}`);
      return created && !deleted ? "s1" : null;
    },
  };
  return {
    transport,
    calls,
    answers,
    sent,
    versions,
    photos,
    get created() {
      return created;
    },
    get status() {
      return status;
    },
    get deleted() {
      return deleted;
    },
    loseNext: () => {
      loseNextAnswer = true;
    },
  };
}

async function setup(origin: "create" | "import" | null) {
  const records = createMemoryAuditRecords();
  const server = fakeServer();
  let current = summary(200);
  const saved = { ...answered(detail(), "cdm-1", { status: "C", photos: ["p1"] }), updatedAt: 200 };
  await records.saveDetail(saved);
  await records.putPhoto({ id: "p1", auditId: "a1", type: "image/jpeg", blob: new Blob(["x"]), createdAt: 1 });
  if (origin) await records.putSync(newSyncRecord("a1", "u1", origin));
  const deps = {
    records,
    transport: server.transport,
    summaries: () => [current],
    toBase64: async () => "eA==",
  };
  const save = async (next: AuditDetail) => {
    await records.saveDetail(next);
    current = summary(next.updatedAt);
  };
  return { records, server, deps, saved, save };
}

describe("syncAudits", () => {
  it("creates an audit made offline once, then sends each later change once, even when answers are lost", async () => {
    const { records, server, deps, saved, save } = await setup("create");
    server.loseNext(); // the create applied, its answer never came back
    expect((await syncAudits(deps, "u1")).offline).toBe(true);
    expect(await syncAudits(deps, "u1")).toMatchObject({ synced: 1, offline: false });
    expect(server.calls.filter((c) => c === "create")).toHaveLength(2); // replayed by clientId: one audit
    expect(server.photos).toHaveLength(1);

    const signed = {
      ...answered(saved, "access-1", { status: "NC" }),
      auditorSignature: SIG,
      siteRepSignature: SIG,
      updatedAt: 300,
    };
    await save(signed);
    server.loseNext(); // the answer patch applied, then the network dropped
    await syncAudits(deps, "u1");
    await syncAudits(deps, "u1");
    expect(server.answers.get("access-1")).toMatchObject({ status: "NC" });
    expect(server.status).toBe("completed");
    expect(server.photos).toHaveLength(1);
    const record = await records.getSync("a1");
    expect(record).toMatchObject({ serverId: "s1", completed: true, syncedUpdatedAt: 300, error: null });
    const before = server.calls.length;
    expect(await syncAudits(deps, "u1")).toMatchObject({ synced: 0, remaining: 0 });
    expect(server.calls.length).toBe(before); // nothing left to send
  });

  it("sends each answer with the item version this device last had and the time it was saved here (0038)", async () => {
    const { records, server, deps, saved, save } = await setup("create");
    await syncAudits(deps, "u1");
    expect(server.sent).toEqual([{ itemId: "cdm-1", status: "C", version: 0, deviceAt: 200 }]);
    // Someone else answers access-1 on the server meanwhile: this device has not seen it.
    server.versions.set("access-1", 4);
    expect((await records.getSync("a1"))?.versions).toEqual({ "cdm-1": 1 });
    const next = { ...answered(saved, "cdm-1", { status: "NC", changedAt: 250 }), updatedAt: 300 };
    const second = answered(next, "access-1", { status: "C" });
    await save(second);
    await syncAudits(deps, "u1");
    expect(server.sent.slice(1)).toEqual([
      { itemId: "cdm-1", status: "NC", version: 1, deviceAt: 250 },
      { itemId: "access-1", status: "C", version: 0, deviceAt: 300 },
    ]);
    // A record from before 0038 knows no versions: its answers go without one (last write wins).
    const { versions: _known, ...older } = (await records.getSync("a1")) as NonNullable<
      Awaited<ReturnType<typeof records.getSync>>
    >;
    await records.putSync(older);
    await save({ ...answered(second, "cdm-1", { notes: "Fixed" }), updatedAt: 400 });
    await syncAudits(deps, "u1");
    expect(server.sent.at(-1)).toEqual({ itemId: "cdm-1", notes: "Fixed" });
  });

  it("uploads an audit saved by an earlier version whole (import), and a refusal keeps the copy and retries", async () => {
    const { records, server, deps } = await setup(null);
    const refuse = server.transport.importAudit;
    server.transport.importAudit = async () => {
      throw new AuditRefused("Project not found", 404);
    };
    expect(await syncAudits(deps, "u1")).toMatchObject({ failed: 1 });
    expect(await records.getSync("a1")).toMatchObject({ serverId: null, error: "Project not found" });
    expect(await records.getDetail("a1")).toBeDefined();
    server.transport.importAudit = refuse;
    expect(await syncAudits(deps, "u1")).toMatchObject({ synced: 1, failed: 0 });
    expect(server.calls.filter((c) => c.startsWith("photo"))).toEqual([]); // photos travelled in the import
    expect(await records.getSync("a1")).toMatchObject({ serverId: "s1", error: null });
  });
});

describe("deleting on the device", () => {
  it("sends the delete of an audit the server has until acknowledged, once, and leaves nothing behind", async () => {
    const { records, server, deps } = await setup("create");
    await syncAudits(deps, "u1");
    const record = await records.getSync("a1");
    expect(record?.serverId).toBe("s1");
    // Deleted offline: the copy goes, a tombstone stays.
    await records.deleteAudit("a1", { ...(record as NonNullable<typeof record>), deleted: true, base: null });
    const gone = { ...deps, summaries: () => [] };
    expect(await records.getDetail("a1")).toBeUndefined();
    expect(await records.photosOfAudit("a1")).toEqual([]);
    server.loseNext(); // the DELETE applied, its answer never came back
    expect(await syncAudits(gone, "u1")).toMatchObject({ offline: true });
    expect(server.deleted).toBe(true);
    expect(await records.getSync("a1")).toMatchObject({ deleted: true });
    expect(await syncAudits(gone, "u1")).toMatchObject({ synced: 1, offline: false }); // the replay: a 404
    expect(await records.getSync("a1")).toBeUndefined();
    const before = server.calls.length;
    await syncAudits(gone, "u1");
    expect(server.calls.length).toBe(before);
    expect(server.calls.filter((c) => c === "delete")).toHaveLength(2);
  });

  it("an audit whose first upload's answer was lost, deleted before the next run, is found by its device id and deleted once", async () => {
    const { records, server, deps } = await setup("create");
    server.loseNext(); // the create applied, its answer never came back: no server id on the device
    expect((await syncAudits(deps, "u1")).offline).toBe(true);
    expect(await records.getSync("a1")).toMatchObject({ serverId: null });
    const record = (await records.getSync("a1")) as NonNullable<Awaited<ReturnType<typeof records.getSync>>>;
    await records.deleteAudit("a1", { ...record, deleted: true, base: null });
    const gone = { ...deps, summaries: () => [] };
    expect(await syncAudits(gone, "u1")).toMatchObject({ synced: 1, offline: false });
    expect(server.calls.slice(-2)).toEqual(["find a1", "delete"]);
    expect(server.deleted).toBe(true);
    expect(await records.getSync("a1")).toBeUndefined();
    await syncAudits(gone, "u1");
    expect(server.calls.filter((c) => c === "delete")).toHaveLength(1);
  });

  it("an audit that never reached the server, deleted, costs one look-up and sends no delete", async () => {
    const { records, server, deps } = await setup("create");
    await records.deleteAudit("a1", { ...newSyncRecord("a1", "u1", "create"), deleted: true });
    expect(await syncAudits({ ...deps, summaries: () => [] }, "u1")).toMatchObject({ synced: 1 });
    expect(server.calls).toEqual(["find a1"]);
    expect(await records.getSync("a1")).toBeUndefined();
  });

  it("a refused delete drops the tombstone; the audit shows from the server again", async () => {
    const { records, server, deps } = await setup("create");
    await syncAudits(deps, "u1");
    const record = (await records.getSync("a1")) as NonNullable<Awaited<ReturnType<typeof records.getSync>>>;
    await records.deleteAudit("a1", { ...record, deleted: true });
    server.transport.remove = async () => {
      throw new AuditRefused("Only a workspace owner can delete a completed audit.", 403);
    };
    expect(await syncAudits({ ...deps, summaries: () => [] }, "u1")).toMatchObject({ failed: 1 });
    expect(await records.getSync("a1")).toBeUndefined();
  });
});

describe("mergeAudits", () => {
  const remote = (id: string, patch: Record<string, unknown> = {}) =>
    ({
      id,
      clientId: null,
      projectId: "p1",
      projectName: "Block B",
      auditorName: "Bo",
      status: "draft",
      revision: 1,
      auditDate: 1_764_000_000,
      overallScore: 50,
      ...patch,
    }) as unknown as Parameters<typeof mergeAudits>[1][number];

  it("shows a device copy in place of its server audit, lists the rest, with sync states and filters", () => {
    const record = { ...newSyncRecord("a1", "u1", "create"), serverId: "s1", syncedUpdatedAt: 200 };
    const rows = mergeAudits(
      [
        { summary: summary(200), sync: record },
        { summary: summary(300, { id: "a2", projectId: "p2" }), sync: undefined },
      ],
      [remote("s1"), remote("s9", { clientId: "a2" }), remote("s3", { status: "completed", auditDate: 1_764_100_000 })],
      {},
    );
    expect(rows.map((r) => [r.id, r.sync])).toEqual([
      ["s3", "server"],
      ["a1", "synced"],
      ["a2", "not-uploaded"],
    ]);
    expect(rows.find((r) => r.id === "a2")?.serverId).toBe("s9");
    const drafts = mergeAudits([{ summary: summary(400), sync: record }], [remote("s3", { status: "completed" })], {
      status: "draft",
    });
    expect(drafts.map((r) => [r.id, r.sync])).toEqual([["a1", "pending"]]);
    // Deleted on this device, the server not told yet: not listed from the server either.
    expect(mergeAudits([], [remote("s1"), remote("s3")], {}, ["s1"]).map((r) => r.id)).toEqual(["s3"]);
    // Also one whose server id the device never learnt: matched by the device's id (clientId).
    expect(mergeAudits([], [remote("s1", { clientId: "a7" }), remote("s3")], {}, ["a7"]).map((r) => r.id)).toEqual([
      "s3",
    ]);
  });
});
