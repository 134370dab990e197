import { describe, expect, it } from "vitest";
import { GC_TIME } from "../app/query-client";
import { QUERY_CACHE_DB as DELETED_ON_SIGN_IN } from "../lib/offline-cache";
import { formatBytes } from "./format-bytes";
import {
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_DB,
  QUERY_CACHE_MAX_AGE,
  queryCacheKey,
  shouldPersistQueryKey,
} from "./query-cache-policy";

describe("persisted query cache policy", () => {
  it("keys the cache per user", () => {
    expect(queryCacheKey("u-1")).not.toBe(queryCacheKey("u-2"));
    expect(queryCacheKey("u-1")).toBe(queryCacheKey("u-1"));
    expect(queryCacheKey("u-1")).toContain("u-1");
  });

  it("keeps read data for days, not minutes, and has a buster", () => {
    expect(QUERY_CACHE_MAX_AGE).toBeGreaterThanOrEqual(3 * 24 * 60 * 60 * 1000);
    expect(QUERY_CACHE_BUSTER).toMatch(/\S/);
  });

  it("keeps restored queries in memory as long as on disk, and signs-in delete the right database", () => {
    expect(GC_TIME).toBe(QUERY_CACHE_MAX_AGE);
    expect(DELETED_ON_SIGN_IN).toBe(QUERY_CACHE_DB);
  });

  it("persists workspace reads only", () => {
    expect(shouldPersistQueryKey(["dashboard"])).toBe(true);
    expect(shouldPersistQueryKey(["projects"])).toBe(true);
    expect(shouldPersistQueryKey(["trades"])).toBe(true);
    expect(shouldPersistQueryKey(["projects", "p1"])).toBe(true);
    expect(shouldPersistQueryKey(["snagging", "list"])).toBe(true);
    expect(shouldPersistQueryKey(["snagging", "detail", "r1"])).toBe(true);
    expect(shouldPersistQueryKey(["snagging", { projectId: "p1" }])).toBe(true);
    expect(shouldPersistQueryKey(["users", { scope: "workspace" }])).toBe(true);
    expect(shouldPersistQueryKey(["admin", "users", ""])).toBe(false);
    expect(shouldPersistQueryKey(["invitations"])).toBe(false);
    expect(shouldPersistQueryKey(["invitation-preview", "secret-token"])).toBe(false);
    expect(shouldPersistQueryKey(["audits", "u1"])).toBe(false);
    expect(shouldPersistQueryKey(["team"])).toBe(false);
    expect(shouldPersistQueryKey([{ projects: true }])).toBe(false);
    expect(shouldPersistQueryKey([])).toBe(false);
  });

  it("formats storage sizes", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(-5)).toBe("0 B");
    expect(formatBytes(Number.NaN)).toBe("0 B");
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(1024)).toBe("1.0 KB");
    expect(formatBytes(14.2 * 1024)).toBe("14.2 KB");
    expect(formatBytes(3.4 * 1024 * 1024)).toBe("3.4 MB");
    expect(formatBytes(1.25 * 1024 ** 3)).toBe("1.25 GB");
  });
});
