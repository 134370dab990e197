import { describe, expect, it } from "vitest";
import { isIosBrowserTab, STALE_AFTER_MS, staleDays } from "./stale-outbox";

const DAY = 24 * 60 * 60 * 1000;

describe("staleDays", () => {
  it("is null until the oldest change has waited 3 days, then counts whole days", () => {
    const now = 100 * DAY;
    expect(staleDays([], now)).toBeNull();
    expect(staleDays([now - STALE_AFTER_MS + 1, now], now)).toBeNull();
    expect(staleDays([now, now - STALE_AFTER_MS], now)).toBe(3);
    expect(staleDays([now - 5.5 * DAY, now - DAY], now)).toBe(5);
  });
});

describe("isIosBrowserTab", () => {
  const iphone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari";
  it("tells an iPhone or iPad browser tab from the installed app and from other systems", () => {
    expect(isIosBrowserTab({ userAgent: iphone, maxTouchPoints: 5 }, false)).toBe(true);
    expect(isIosBrowserTab({ userAgent: iphone, maxTouchPoints: 5 }, true)).toBe(false);
    expect(
      isIosBrowserTab({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", maxTouchPoints: 5 }, false),
    ).toBe(true);
    expect(
      isIosBrowserTab({ userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", maxTouchPoints: 0 }, false),
    ).toBe(false);
    expect(isIosBrowserTab({ userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7)", maxTouchPoints: 5 }, false)).toBe(
      false,
    );
  });
});
