import { describe, expect, it } from "vitest";
import { loadedAgo } from "./stale-data-note";

describe("loadedAgo", () => {
  it("says how old the data shown is, in its largest whole unit", () => {
    expect(loadedAgo(20_000)).toBeNull();
    expect(loadedAgo(60_000)).toBe("1 minute ago");
    expect(loadedAgo(59 * 60_000)).toBe("59 minutes ago");
    expect(loadedAgo(3 * 3_600_000 + 5 * 60_000)).toBe("3 hours ago");
    expect(loadedAgo(47 * 3_600_000)).toBe("47 hours ago");
    expect(loadedAgo(3 * 86_400_000)).toBe("3 days ago");
  });
  it("says it in the app's language, with the language's plural", () => {
    expect(loadedAgo(2 * 60_000, "pl")).toBe("2 minuty temu");
    expect(loadedAgo(5 * 3_600_000, "pl")).toBe("5 godzin temu");
    expect(loadedAgo(21 * 86_400_000, "ro")).toBe("acum 21 de zile");
  });
  it("never says a negative age (a clock moved back)", () => {
    expect(loadedAgo(-5_000)).toBeNull();
  });
});
