import { describe, expect, it } from "vitest";
import { recentLocations, rememberLocation } from "./recent-locations";

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe("recent locations", () => {
  it("keeps the last eight per user and project, most recent first, without repeats", () => {
    const storage = new MemoryStorage();
    for (const id of ["a", "b", "c", "a"]) rememberLocation(storage, "u1", "p1", id);
    expect(recentLocations(storage, "u1", "p1")).toEqual(["a", "c", "b"]);
    expect(recentLocations(storage, "u1", "p2")).toEqual([]);
    expect(recentLocations(storage, "u2", "p1")).toEqual([]);
    for (const id of "defghijk") rememberLocation(storage, "u1", "p1", id);
    expect(recentLocations(storage, "u1", "p1")).toEqual(["k", "j", "i", "h", "g", "f", "e", "d"]);
  });

  it("reads damaged storage as nothing remembered", () => {
    const storage = new MemoryStorage();
    storage.setItem("sitesnag:recent-locations:u1", "{not json");
    expect(recentLocations(storage, "u1", "p1")).toEqual([]);
    storage.setItem("sitesnag:recent-locations:u1", JSON.stringify({ p1: ["a", 3, null] }));
    expect(recentLocations(storage, "u1", "p1")).toEqual(["a"]);
  });
});
