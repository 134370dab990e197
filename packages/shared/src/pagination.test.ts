import { describe, expect, it } from "vitest";
import { CursorSchema, decodeCursor, encodeCursor, PageQuerySchema, pageSize, UNPAGED_LIST_CAP } from "./pagination";

describe("cursors", () => {
  it("round-trip a (time, id) pair as URL-safe text", () => {
    const key = { sort: 1_767_225_600, id: "01a20d45-d83e-756d-95da-213321a234f0" };
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(key);
  });

  it.each([
    ["not base64url", "a+b/c="],
    ["not JSON", Buffer.from("nope").toString("base64url")],
    ["an object", Buffer.from('{"sort":1,"id":"a"}').toString("base64url")],
    ["a string sort key", Buffer.from('["1","abc"]').toString("base64url")],
    ["a fractional sort key", Buffer.from('[1.5,"abc"]').toString("base64url")],
    ["an id with SQL in it", Buffer.from(`[1,"a' or 1=1 --"]`).toString("base64url")],
    ["three items", Buffer.from('[1,"a","b"]').toString("base64url")],
    ["too long", "a".repeat(401)],
  ])("refuse %s", (_label, cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
    expect(CursorSchema.safeParse(cursor).success).toBe(false);
  });
});

describe("page size", () => {
  it("is the cap without limit or cursor, 50 with a cursor alone, else the limit", () => {
    const cursor = encodeCursor({ sort: 1, id: "a" });
    expect(pageSize(PageQuerySchema.parse({}))).toBe(UNPAGED_LIST_CAP);
    expect(pageSize(PageQuerySchema.parse({ cursor }))).toBe(50);
    expect(pageSize(PageQuerySchema.parse({ limit: "7", cursor }))).toBe(7);
  });
});
