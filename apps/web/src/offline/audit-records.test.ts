import "fake-indexeddb/auto";
import type { AuditDetail } from "@sitesnag/shared/audits";
import { newChecklist } from "@sitesnag/shared/audits";
import { describe, expect, it } from "vitest";
import type { AuditRecords, StoredPhoto } from "./audit-records";
import { createDexieAuditRecords } from "./audit-records.dexie";
import { createMemoryAuditRecords } from "./audit-records.memory";

let dbCount = 0;
const implementations: [string, () => AuditRecords][] = [
  ["memory", createMemoryAuditRecords],
  // A fresh database per test: the real Dexie code against an in-process IndexedDB.
  ["dexie", () => createDexieAuditRecords(`audit-test-${++dbCount}`, { indexedDB, IDBKeyRange })],
];

const detail = (auditId: string, photoIds: string[] = []): AuditDetail => {
  const checklist = newChecklist();
  if (checklist[0]) checklist[0].photos = photoIds;
  return {
    auditId,
    userId: "u1",
    templateVersion: "v",
    notes: "",
    formData: {
      projectType: [],
      projectName: "Block B",
      siteAddress: "",
      principalContractor: "",
      auditorName: "",
      auditorRole: "",
      auditDate: "2026-11-23",
      auditTime: "",
      weather: "",
      shift: "",
      inductionConfirmed: false,
      siteContact: "",
      siteContactTel: "",
    },
    checklist,
    auditorSignature: "",
    auditorSignedAt: null,
    siteRepName: "",
    siteRepSignature: "",
    siteRepSignedAt: null,
    updatedAt: 1,
  };
};
const photo = (id: string, auditId: string): StoredPhoto => ({
  id,
  auditId,
  type: "image/jpeg",
  blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, id.length])], { type: "image/jpeg" }),
  createdAt: 1,
});

describe.each(implementations)("AuditRecords (%s)", (_name, create) => {
  it("keeps a draft apart from the saved detail until the audit is saved", async () => {
    const store = create();
    await store.saveDetail(detail("a1"));
    const edited = { ...detail("a1"), formData: { ...detail("a1").formData, weather: "Rain" } };
    await store.putDraft({ auditId: "a1", detail: edited, savedAt: 2 });
    expect((await store.getDetail("a1"))?.formData.weather).toBe("");
    expect((await store.getDraft("a1"))?.detail.formData.weather).toBe("Rain");
    await store.saveDetail(edited);
    expect((await store.getDetail("a1"))?.formData.weather).toBe("Rain");
    expect(await store.getDraft("a1")).toBeUndefined();
  });

  it("writes a draft at once for a closing page", async () => {
    const store = create();
    await store.saveDetail(detail("a5"));
    await store.getDetail("a5"); // the database is open by now, as it is on the audit page
    expect(store.putDraftNow({ auditId: "a5", detail: { ...detail("a5"), notes: "typed last" }, savedAt: 3 })).toBe(
      true,
    );
    expect((await store.getDraft("a5"))?.detail.notes).toBe("typed last");
  });

  it("drops photos the saved audit no longer uses, and no other audit's", async () => {
    const store = create();
    await store.putPhoto(photo("keep", "a1"));
    await store.putPhoto(photo("gone", "a1"));
    await store.putPhoto(photo("other", "a2"));
    await store.saveDetail(detail("a1", ["keep"]));
    expect((await store.photosOfAudit("a1")).map((p) => p.id)).toEqual(["keep"]);
    expect((await store.getPhotos(["keep", "gone", "other"])).map((p) => p.id)).toEqual(["keep", "other"]);
  });

  it("gives back the photo bytes it was given", async () => {
    const store = create();
    await store.putPhoto(photo("p1", "a1"));
    const [stored] = await store.getPhotos(["p1"]);
    expect(stored?.type).toBe("image/jpeg");
    expect([...new Uint8Array(await (stored as StoredPhoto).blob.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 2]);
  });

  it("imports details with their photos and deletes an audit with everything it owns", async () => {
    const store = create();
    await store.importAudits([{ detail: detail("a3", ["p3"]), photos: [photo("p3", "a3")] }]);
    expect((await store.getDetail("a3"))?.checklist[0]?.photos).toEqual(["p3"]);
    await store.putDraft({ auditId: "a3", detail: detail("a3"), savedAt: 1 });
    await store.deleteAudit("a3");
    expect(await store.getDetail("a3")).toBeUndefined();
    expect(await store.getDraft("a3")).toBeUndefined();
    expect(await store.photosOfAudit("a3")).toEqual([]);
  });

  it("hands out copies: changing what was read changes nothing stored", async () => {
    const store = create();
    await store.saveDetail(detail("a4"));
    const read = await store.getDetail("a4");
    if (read) read.formData.weather = "Snow";
    expect((await store.getDetail("a4"))?.formData.weather).toBe("");
  });
});
