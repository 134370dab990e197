import { describe, expect, it } from "vitest";
import { capitalise, formatDate, formatDateTime, initials } from "./format";

describe("formatting (SPEC §9)", () => {
  it("shows epoch seconds as 'MMM d, yyyy' and 'MMM d, yyyy h:mm a'", () => {
    const seconds = Date.UTC(2026, 10, 2, 14, 5) / 1000;
    expect(formatDate(seconds)).toBe("Nov 2, 2026");
    expect(formatDateTime(seconds)).toBe("Nov 2, 2026 2:05 PM");
  });

  it("capitalises roles and statuses, and makes initials", () => {
    expect(capitalise("admin")).toBe("Admin");
    expect(capitalise("in-progress")).toBe("In-progress");
    expect(initials("dee", "roofer")).toBe("DR");
    expect(initials("", "")).toBe("?");
  });
});
