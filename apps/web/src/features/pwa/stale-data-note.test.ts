import { describe, expect, it } from "vitest";
import { loadedAgo } from "./stale-data-note";

describe("loadedAgo", () => {
  it("says how old the data shown is, in its largest whole unit", () => {
    expect(loadedAgo(20_000)).toBe("just now");
    expect(loadedAgo(60_000)).toBe("1 minute ago");
    expect(loadedAgo(59 * 60_000)).toBe("59 minutes ago");
    expect(loadedAgo(3 * 3_600_000 + 5 * 60_000)).toBe("3 hours ago");
    expect(loadedAgo(47 * 3_600_000)).toBe("47 hours ago");
    expect(loadedAgo(3 * 86_400_000)).toBe("3 days ago");
  });
  it("never says a negative age (a clock moved back)", () => {
    expect(loadedAgo(-5_000)).toBe("just now");
  });
});
