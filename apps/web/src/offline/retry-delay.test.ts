import { describe, expect, it } from "vitest";
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from "./retry-delay";

describe("retryDelay", () => {
  it("doubles from 2 s and stops growing at a minute", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n, middle))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });
  it("spreads each delay between half and one and a half times its base", () => {
    expect(retryDelay(0, () => 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelay(20, () => 0.999999)).toBeLessThanOrEqual(MAX_RETRY_MS * 1.5);
    const seen = new Set(Array.from({ length: 50 }, () => retryDelay(3)));
    expect(seen.size).toBeGreaterThan(10);
    for (const d of seen) expect(d).toBeGreaterThanOrEqual(8000 / 2);
  });
});
