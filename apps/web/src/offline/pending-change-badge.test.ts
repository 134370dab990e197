import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../i18n/test-translator";
import { isQuotaError, QUOTA_MESSAGE, StorageFullError } from "./outbox";
import { pendingLabel } from "./pending-change-badge";

const item = (action: QueueItem["action"], reportId?: string): QueueItem => ({
  id: crypto.randomUUID(),
  tempId: crypto.randomUUID(),
  action,
  resource: "snagging",
  data: reportId ? { reportId } : {},
  timestamp: Date.now(),
  photoIds: [],
});

const en = testTranslator("en-GB");
const pl = testTranslator("pl");

describe("pending label on a report", () => {
  it("is absent when nothing waits for the report", () => {
    expect(pendingLabel([], "r1", en)).toBeNull();
    expect(pendingLabel([item("status", "r2"), item("create")], "r1", en)).toBeNull();
  });

  it("counts the report's queued changes and says when one deletes it", () => {
    expect(pendingLabel([item("status", "r1")], "r1", en)).toBe("Pending sync");
    expect(pendingLabel([item("status", "r1"), item("update", "r1")], "r1", en)).toBe("Pending sync (2)");
    expect(pendingLabel([item("update", "r1"), item("delete", "r1")], "r1", en)).toBe("Delete pending sync");
  });

  it("speaks the reader's language", () => {
    expect(pendingLabel([item("status", "r1")], "r1", pl)).toBe("Czeka na synchronizację");
    const five = ["status", "update", "update", "update", "update"] as const;
    expect(
      pendingLabel(
        five.map((a) => item(a, "r1")),
        "r1",
        pl,
      ),
    ).toBe("Czeka na synchronizację (5)");
    expect(pendingLabel([item("update", "r1"), item("delete", "r1")], "r1", pl)).not.toMatch(/pending/i);
  });
});

describe("storage full", () => {
  it("recognises the browser's quota error however Dexie wraps it", () => {
    const quota = new DOMException("The quota has been exceeded.", "QuotaExceededError");
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError({ name: "AbortError", inner: quota })).toBe(true);
    expect(isQuotaError({ name: "DatabaseClosedError", inner: { name: "AbortError", inner: quota } })).toBe(true);
    expect(isQuotaError(new Error("network"))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it("says 'not enough storage' and that the queue is kept", () => {
    const error = new StorageFullError();
    expect(error.name).toBe("StorageFullError");
    expect(error.message).toBe(QUOTA_MESSAGE);
    expect(QUOTA_MESSAGE).toMatch(/Not enough storage/);
    expect(QUOTA_MESSAGE).toMatch(/already queued are kept/);
  });
});
