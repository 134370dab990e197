import { describe, expect, it } from "vitest";
import { daysLeft, TRASH_DAYS } from "./trash-days";

describe("daysLeft", () => {
  const now = 1_800_000_000;
  it("counts whole days up, and never below zero", () => {
    expect(daysLeft(now + TRASH_DAYS * 86_400, now)).toBe(30);
    expect(daysLeft(now + 86_400 + 60, now)).toBe(2);
    expect(daysLeft(now + 60, now)).toBe(1);
    expect(daysLeft(now, now)).toBe(0);
    expect(daysLeft(now - 3600, now)).toBe(0);
  });
});
