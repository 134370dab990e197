import { LIVE_EVENT_TYPES } from "@sitesnag/shared/live";
import { describe, expect, it } from "vitest";
import { backoffMs, staleKeysOf } from "./live-events";

describe("live events in the web app", () => {
  it("every event type makes some screen's data stale", () => {
    for (const type of LIVE_EVENT_TYPES) expect(staleKeysOf({ type }).length, type).toBeGreaterThan(0);
  });

  it("a report's change refreshes the lists, details and plan pins (all under 'snagging')", () => {
    expect(staleKeysOf({ type: "report.updated" })).toContainEqual(["snagging"]);
    expect(staleKeysOf({ type: "comment.added" })).toContainEqual(["snagging"]);
    expect(staleKeysOf({ type: "audit.completed" })).toContainEqual(["audits"]);
    expect(staleKeysOf({ type: "audit.completed" })).not.toContainEqual(["snagging"]);
  });

  it("backs off from about a second to at most thirty, with jitter", () => {
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(0, () => 1)).toBe(1_000);
    expect(backoffMs(3, () => 1)).toBe(8_000);
    expect(backoffMs(20, () => 1)).toBe(30_000);
  });
});
