import { AUDIT_BACKUP_FORMAT } from "@sitesnag/shared/audits";
import { describe, expect, it } from "vitest";
import { createMemoryAuditRecords } from "../../../offline/audit-records.memory";
import { needsSync } from "../sync/audit-sync";
import { exportAudits, importAudits, importMessage } from "./audit-backup";
import { createAuditRepository, isoDateToSeconds, randomId } from "./audit-repository";
import { putSummaries, StorageFullError, SUMMARIES_KEY } from "./audit-summaries";
import { createMemoryStorage } from "./memory-storage.test-helper";

const NOW = Date.parse("2026-11-23T09:30:00Z");
const owner = { id: "u1", name: "Pat Foreman" };
const project = { id: "p1", name: "Block B", location: "Leeds LS1" };

function setup() {
  const records = createMemoryAuditRecords();
  const storage = createMemoryStorage();
  let n = 0;
  const repo = createAuditRepository({ records, storage, now: () => NOW, newId: () => `id-${++n}` });
  return { records, storage, repo };
}

describe("audit repository", () => {
  it("creates a draft audit with the real item count, listed for its owner only", async () => {
    const { repo, storage } = setup();
    const summary = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "Weekly" });
    expect(summary).toMatchObject({
      userId: "u1",
      projectName: "Block B",
      status: "draft",
      overallScore: 0,
      totalItems: 27,
      auditDate: isoDateToSeconds("2026-11-20"),
      auditorName: "Pat Foreman",
      notes: "Weekly",
    });
    expect(repo.list("u1")).toEqual([summary]);
    expect(repo.list("u2")).toEqual([]);
    expect(JSON.parse(storage.getItem(SUMMARIES_KEY) ?? "")[0].userId).toBe("u1");
    const loaded = await repo.load("u1", summary.id);
    expect(loaded?.saved.formData).toMatchObject({
      siteAddress: "Leeds LS1",
      auditTime: "09:30",
      auditDate: "2026-11-20",
    });
    expect(await repo.load("u2", summary.id)).toBeNull();
  });

  it("saves as completed only with both signatures, and scores from the checklist", async () => {
    const { repo } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    const checklist = loaded.saved.checklist.map((item, i) => ({
      ...item,
      status: i < 25 ? ("C" as const) : ("NC" as const),
    }));
    const oneSigned = await repo.save("u1", {
      ...loaded.saved,
      checklist,
      auditorSignature: "data:image/png;base64,AA",
    });
    expect(oneSigned).toMatchObject({ status: "draft", overallScore: 93, passedItems: 25, failedItems: 2 });
    const both = await repo.save("u1", {
      ...loaded.saved,
      checklist,
      auditorSignature: "data:image/png;base64,AA",
      siteRepSignature: "data:image/png;base64,BB",
    });
    expect(both.status).toBe("completed");
    expect(repo.list("u1")[0]?.status).toBe("completed");
  });

  it("keeps unsaved edits as a draft until Save, and offers it when the audit is opened again", async () => {
    const { repo } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    await repo.saveDraft({ ...loaded.saved, formData: { ...loaded.saved.formData, weather: "Rain" } });
    const reopened = await repo.load("u1", id);
    expect(reopened?.draft?.formData.weather).toBe("Rain");
    expect(reopened?.saved.formData.weather).toBe("");
    expect(repo.list("u1")[0]?.updatedAt).toBe(loaded.summary.updatedAt);
    if (reopened?.draft) await repo.save("u1", reopened.draft);
    expect((await repo.load("u1", id))?.draft).toBeNull();
  });

  it("prefers the copy written as the page closed, moves it into IndexedDB and removes it", async () => {
    const { repo, records, storage } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    await repo.saveDraft({ ...loaded.saved, notes: "typed earlier" });
    expect(repo.saveDraftNow({ ...loaded.saved, notes: "typed as the tab closed" })).toBe(true);
    expect(storage.getItem(`site_audits_closing_${id}`)).toContain("typed as the tab closed");
    const reopened = await repo.load("u1", id);
    expect(reopened?.draft?.notes).toBe("typed as the tab closed");
    expect(storage.getItem(`site_audits_closing_${id}`)).toBeNull();
    expect((await records.getDraft(id))?.detail.notes).toBe("typed as the tab closed");
    expect(await repo.load("u2", id)).toBeNull();
  });

  it("ignores a closing copy that is damaged or belongs to someone else", async () => {
    const { repo, storage } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    storage.setItem(`site_audits_closing_${id}`, "{not json");
    expect((await repo.load("u1", id))?.draft).toBeNull();
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    storage.setItem(`site_audits_closing_${id}`, JSON.stringify({ ...loaded.saved, userId: "u2", notes: "x" }));
    expect((await repo.load("u1", id))?.draft).toBeNull();
  });

  it("links a raised snag on the saved audit and on the draft without losing the draft's photos", async () => {
    const { repo } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    const photoId = await repo.addPhoto(id, new Blob([new Uint8Array([1])], { type: "image/jpeg" }));
    const itemId = loaded.saved.checklist[0]?.id ?? "";
    const withPhoto = {
      ...loaded.saved,
      checklist: loaded.saved.checklist.map((i) =>
        i.id === itemId ? { ...i, status: "NC" as const, photos: [photoId] } : i,
      ),
    };
    await repo.saveDraft(withPhoto);
    await repo.linkSnag("u1", id, itemId, { id: "r1", reference: "SNAG-20261123-1234" });
    const after = await repo.load("u1", id);
    expect(after?.saved.checklist[0]?.snag?.reference).toBe("SNAG-20261123-1234");
    expect(after?.draft?.checklist[0]?.snag?.reference).toBe("SNAG-20261123-1234");
    expect(await repo.getPhotos([photoId])).toHaveLength(1);
  });

  it("leaves other users' and unreadable entries in the list untouched", async () => {
    const { repo, storage } = setup();
    storage.setItem(SUMMARIES_KEY, JSON.stringify([{ id: "x", userId: "u2" }, "junk"]));
    await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const raw = JSON.parse(storage.getItem(SUMMARIES_KEY) ?? "");
    expect(raw.slice(0, 2)).toEqual([{ id: "x", userId: "u2" }, "junk"]);
    expect(raw).toHaveLength(3);
    expect(repo.list("u1")).toHaveLength(1);
  });

  it("says the device is full instead of failing silently", () => {
    const storage = createMemoryStorage(10);
    expect(() => putSummaries(storage, [{ id: "a" } as never])).toThrow(StorageFullError);
  });
});

describe("randomId", () => {
  it("is a v4 UUID, also where crypto.randomUUID is missing (plain http)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomId()).toMatch(uuid);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      const ids = new Set(Array.from({ length: 50 }, randomId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});

describe("backup round trip", () => {
  it("exports audits with photos and imports them into another browser under the importing user", async () => {
    const a = setup();
    const { id } = await a.repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const photoId = await a.repo.addPhoto(id, new Blob([new Uint8Array([0xff, 0xd8, 7, 8])], { type: "image/jpeg" }));
    const loaded = await a.repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    await a.repo.save("u1", {
      ...loaded.saved,
      auditorSignature: "data:image/png;base64,AA",
      checklist: loaded.saved.checklist.map((i, n) => (n === 0 ? { ...i, photos: [photoId] } : i)),
    });
    const file = JSON.stringify(await exportAudits(a, "u1"));
    expect(JSON.parse(file).format).toBe(AUDIT_BACKUP_FORMAT);

    const b = setup();
    const outcome = await importAudits(b, "u9", file);
    expect(outcome).toEqual({ ok: true, imported: 1, skipped: 0 });
    const restored = await b.repo.load("u9", id);
    expect(restored?.saved.auditorSignature).toBe("data:image/png;base64,AA");
    const [photo] = await b.repo.getPhotos([photoId]);
    if (!photo) throw new Error("photo missing");
    expect([...new Uint8Array(await photo.blob.arrayBuffer())]).toEqual([0xff, 0xd8, 7, 8]);

    expect(await importAudits(b, "u9", file)).toEqual({ ok: true, imported: 0, skipped: 1 });
    expect(b.repo.list("u9")).toHaveLength(1);
  });

  it("exports one audit when asked for it", async () => {
    const { repo, records, storage } = setup();
    const first = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-21", notes: "" });
    const backup = await exportAudits({ records, storage }, "u1", [first.id]);
    expect(backup.audits.map((e) => e.summary.id)).toEqual([first.id]);
  });

  it("refuses foreign and damaged files and changes nothing", async () => {
    const { records, storage, repo } = setup();
    expect(await importAudits({ records, storage }, "u1", '{"hello":1}')).toEqual({
      ok: false,
      message: "This file is not a SiteSnag audit backup.",
    });
    expect(
      await importAudits({ records, storage }, "u1", `{"format":"${AUDIT_BACKUP_FORMAT}","version":1,"audits":[{`),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining("damaged"),
    });
    expect(repo.list("u1")).toEqual([]);
  });

  it("words the outcome", () => {
    expect(importMessage({ ok: true, imported: 2, skipped: 0 })).toBe("Imported 2 audits.");
    expect(importMessage({ ok: true, imported: 1, skipped: 1 })).toBe(
      "Imported 1 audit. 1 already on this device was skipped.",
    );
    expect(importMessage({ ok: true, imported: 0, skipped: 3 })).toBe(
      "Nothing imported: all 3 audits are already on this device.",
    );
    expect(importMessage({ ok: true, imported: 0, skipped: 0 })).toBe("The backup file holds no audits.");
  });

  it("a new audit waits to be created on the server; a new revision reopens the device copy unsigned", async () => {
    const { repo, records } = setup();
    const { id } = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    expect(await repo.getSync(id)).toMatchObject({ origin: "create", serverId: null, syncedUpdatedAt: 0 });
    const loaded = await repo.load("u1", id);
    if (!loaded) throw new Error("missing");
    const signed = {
      ...loaded.saved,
      auditorSignature: "data:image/png;base64,AA",
      siteRepSignature: "data:image/png;base64,AA",
    };
    const completed = await repo.save("u1", signed);
    expect(completed.status).toBe("completed");
    const record = await repo.getSync(id);
    if (!record) throw new Error("missing");
    await records.putSync({
      ...record,
      serverId: "s1",
      base: signed,
      completed: true,
      syncedUpdatedAt: completed.updatedAt,
    });

    const reopened = await repo.reopen("u1", id);
    expect(reopened.status).toBe("draft");
    expect((await repo.load("u1", id))?.saved).toMatchObject({ auditorSignature: "", siteRepSignature: "" });
    // The server cleared the signatures too: nothing is left to send.
    expect(await repo.getSync(id)).toMatchObject({
      completed: false,
      base: { auditorSignature: "", siteRepSignature: "" },
      syncedUpdatedAt: reopened.updatedAt,
    });
  });

  it("a change saved in the same second as the version the server has is still sent, and a draft made after it still wins", async () => {
    // Every call below happens at NOW: the same second throughout.
    const { repo, records } = setup();
    const created = await repo.create(owner, project, { projectId: "p1", auditDate: "2026-11-20", notes: "" });
    const loaded = await repo.load("u1", created.id);
    if (!loaded) throw new Error("missing");
    const record = await repo.getSync(created.id);
    if (!record) throw new Error("missing");
    // The sync has just sent the new audit: the server has it as of its stamp.
    await records.putSync({ ...record, serverId: "s1", base: loaded.saved, syncedUpdatedAt: created.updatedAt });
    expect(needsSync(created, await repo.getSync(created.id))).toBe(false);

    const answered = {
      ...loaded.saved,
      checklist: loaded.saved.checklist.map((i, n) => (n === 0 ? { ...i, status: "C" as const } : i)),
    };
    const saved = await repo.save("u1", answered);
    expect(saved.updatedAt).toBeGreaterThan(created.updatedAt);
    expect(needsSync(saved, await repo.getSync(created.id))).toBe(true);
    // And again, one more save in that second.
    const again = await repo.save("u1", { ...answered, notes: "Scaffold tag missing" });
    expect(again.updatedAt).toBeGreaterThan(saved.updatedAt);

    // The editor stamps a draft no earlier than the saved version (use-audit-editor): it wins on load.
    await repo.saveDraft({ ...answered, notes: "Typed after saving", updatedAt: again.updatedAt });
    expect((await repo.load("u1", created.id))?.draft).toMatchObject({ notes: "Typed after saving" });
  });

  it("deletes: the device copy goes at once and a tombstone for the sync stays, with or without a server id", async () => {
    const { repo, records, storage } = setup();
    const input = { projectId: "p1", auditDate: "2026-11-20", notes: "" };
    const local = await repo.create(owner, project, input);
    const synced = await repo.create(owner, project, input);
    await repo.addPhoto(synced.id, new Blob(["x"], { type: "image/jpeg" }));
    const record = await repo.getSync(synced.id);
    await records.putSync({ ...(record as NonNullable<typeof record>), serverId: "s2", syncedUpdatedAt: 1 });

    const before = (await repo.load("u1", synced.id))?.saved;
    if (!before) throw new Error("missing");
    await repo.remove("u1", local.id);
    // No server id known: its upload may have reached the server with the answer lost. The sync
    // asks the server by the device's id (audit-sync.ts).
    expect(await repo.getSync(local.id)).toMatchObject({ serverId: null, deleted: true, base: null });
    await repo.remove("u1", synced.id);
    expect(repo.list("u1")).toEqual([]);
    expect(await repo.load("u1", synced.id)).toBeNull();
    expect(await records.photosOfAudit(synced.id)).toEqual([]);
    expect(await repo.getSync(synced.id)).toMatchObject({ serverId: "s2", deleted: true, base: null });
    // The screen's last draft write as it closes keeps nothing of a deleted audit.
    await repo.saveDraft({ ...before, notes: "typed as it closed" });
    expect(repo.saveDraftNow({ ...before, notes: "typed as it closed" })).toBe(true);
    expect(await records.getDraft(synced.id)).toBeUndefined();
    expect(storage.getItem(`site_audits_closing_${synced.id}`)).toBeNull();
    await expect(repo.remove("u1", synced.id)).rejects.toThrow("Audit not found");
  });
});
