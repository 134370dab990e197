import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { TreeCache, treeEncoding } from "./tree-cache";

describe("treeEncoding", () => {
  it("prefers zstd, then brotli, falls back to gzip, honours q=0 and answers none otherwise", () => {
    expect(treeEncoding("gzip, deflate, br")).toBe("br");
    expect(treeEncoding("gzip, deflate, br, zstd")).toBe("zstd");
    expect(treeEncoding("gzip, br, zstd;q=0")).toBe("br");
    expect(treeEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(treeEncoding("deflate")).toBeNull();
    expect(treeEncoding(undefined)).toBeNull();
    expect(treeEncoding("BR")).toBe("br");
  });
});

describe("TreeCache", () => {
  it("keeps a body by its tag and compresses it once per encoding", async () => {
    const cache = new TreeCache();
    const text = JSON.stringify({ locations: Array.from({ length: 200 }, (_, i) => ({ name: `Room ${i}` })) });
    const body = Buffer.from(text);
    cache.set('"a"', body);
    expect(cache.get('"a"')).toBe(body);
    const br = await cache.compressed('"a"', body, "br");
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(await cache.compressed('"a"', body, "br")).toBe(br);
    expect(gunzipSync(await cache.compressed('"a"', body, "gzip")).toString()).toBe(text);
    expect(cache.get('"b"')).toBeUndefined();
  });

  it("drops the least recently used tree past its size, never the one just added", () => {
    const cache = new TreeCache(3 * 100); // three 100-byte bodies
    const body = (c: string) => Buffer.from(c.repeat(100));
    cache.set("1", body("a"));
    cache.set("2", body("b"));
    cache.set("3", body("c"));
    expect(cache.get("1")).toEqual(body("a")); // 1 is now the most recent
    cache.set("4", body("d"));
    expect(cache.get("2")).toBeUndefined();
    expect([cache.get("1"), cache.get("3"), cache.get("4")]).toEqual([body("a"), body("c"), body("d")]);
    cache.set("big", Buffer.from("e".repeat(1000)));
    expect(cache.get("big")).toEqual(Buffer.from("e".repeat(1000)));
    expect(cache.get("4")).toBeUndefined();
  });
});
