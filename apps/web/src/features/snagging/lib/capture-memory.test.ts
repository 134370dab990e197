import { describe, expect, it } from "vitest";
import { recallCapture, rememberCapture } from "./capture-memory";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException("full", "QuotaExceededError");
    this.items.set(key, value);
  }
}

describe("capture memory", () => {
  it("remembers the last project and assignee per user", () => {
    const storage = new MemoryStorage();
    rememberCapture(storage, "u1", { projectId: "p1", assignedTo: "u2" });
    rememberCapture(storage, "u9", { projectId: "p9", assignedTo: "" });
    expect(recallCapture(storage, "u1")).toEqual({ projectId: "p1", assignedTo: "u2" });
    expect(recallCapture(storage, "u9")).toEqual({ projectId: "p9", assignedTo: "" });
    expect(recallCapture(storage, "someone-else")).toBeNull();
  });

  it("survives corrupt values and a full storage", () => {
    const storage = new MemoryStorage();
    storage.setItem("sitesnag:snag-capture:u1", "{not json");
    expect(recallCapture(storage, "u1")).toBeNull();
    storage.setItem("sitesnag:snag-capture:u1", JSON.stringify({ projectId: 5 }));
    expect(recallCapture(storage, "u1")).toEqual({ projectId: "", assignedTo: "" });
    storage.failWrites = true;
    expect(() => rememberCapture(storage, "u1", { projectId: "p", assignedTo: "" })).not.toThrow();
  });
});
