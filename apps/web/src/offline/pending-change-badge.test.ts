import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { describe, expect, it } from "vitest";
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

describe("pending label on a report", () => {
  it("is absent when nothing waits for the report", () => {
    expect(pendingLabel([], "r1")).toBeNull();
    expect(pendingLabel([item("status", "r2"), item("create")], "r1")).toBeNull();
  });

  it("counts the report's queued changes and says when one deletes it", () => {
    expect(pendingLabel([item("status", "r1")], "r1")).toBe("Pending sync");
    expect(pendingLabel([item("status", "r1"), item("update", "r1")], "r1")).toBe("Pending sync (2 changes)");
    expect(pendingLabel([item("update", "r1"), item("delete", "r1")], "r1")).toBe("Delete pending sync");
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
