import { LOCALES } from "@sitesnag/shared/i18n/locales";
import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import { capitalise, formatDate, formatDateTime, formatMonth, formatNumberFor, initials } from "./format";

describe("formatting (SPEC §9)", () => {
  it("shows epoch seconds as 'MMM d, yyyy' and 'MMM d, yyyy h:mm a'", () => {
    const seconds = Date.UTC(2026, 10, 2, 14, 5) / 1000;
    expect(formatDate(seconds)).toBe("Nov 2, 2026");
    expect(formatDateTime(seconds)).toBe("Nov 2, 2026 2:05 PM");
  });

  it("agrees with date-fns's 'MMM d, yyyy' and 'MMM d, yyyy h:mm a' at midnight, noon and across a year", () => {
    const start = new Date(2025, 0, 1, 0, 0).getTime() / 1000;
    // Every 7 h 13 min for a year and a bit: every month, hour and both halves of the day.
    for (let s = start; s < start + 400 * 86400; s += 7 * 3600 + 13 * 60) {
      expect(formatDate(s)).toBe(format(new Date(s * 1000), "MMM d, yyyy"));
      expect(formatDateTime(s)).toBe(format(new Date(s * 1000), "MMM d, yyyy h:mm a"));
    }
    for (const [h, shown] of [
      [0, "12:00 AM"],
      [12, "12:00 PM"],
      [23, "11:00 PM"],
    ] as const) {
      expect(formatDateTime(new Date(2026, 0, 9, h, 0).getTime() / 1000)).toBe(`Jan 9, 2026 ${shown}`);
    }
  });

  it("shows a calendar month as 'MMM yyyy' or 'MMM', as date-fns does for its first day", () => {
    for (let m = 1; m <= 12; m++) {
      const month = `2026-${String(m).padStart(2, "0")}`;
      expect(formatMonth(month)).toBe(format(new Date(2026, m - 1, 1), "MMM yyyy"));
      expect(formatMonth(month, false)).toBe(format(new Date(2026, m - 1, 1), "MMM"));
    }
  });

  it("capitalises roles and statuses, and makes initials", () => {
    expect(capitalise("admin")).toBe("Admin");
    expect(capitalise("in-progress")).toBe("In-progress");
    expect(initials("dee", "roofer")).toBe("DR");
    expect(initials("", "")).toBe("?");
  });

  it.each([...LOCALES, "en-XA"])(
    "writes counts in %s exactly as Intl.NumberFormat does, the plain-digit shortcut included",
    (locale) => {
      const intl = new Intl.NumberFormat(locale);
      for (const n of [...Array.from({ length: 1000 }, (_, i) => i), 1000, 1234, 12_345, 1_234_567, 2.5, -3, 0.125])
        expect(formatNumberFor(locale, n)).toBe(intl.format(n));
    },
  );
});
