import { describe, expect, it } from "vitest";
import { latestReportTime, localToEpoch, nextReportTime } from "./weekly-report.clock";

const at = (iso: string) => Date.parse(iso) / 1000;
const FRIDAY_NINE_LONDON = { dayOfWeek: 5, hour: 9, timeZone: "Europe/London" };

describe("weekly report clock", () => {
  it("reads the local hour in the zone, summer time included", () => {
    expect(localToEpoch("2026-11-27", 9, "Europe/London")).toBe(at("2026-11-27T09:00:00Z")); // GMT
    expect(localToEpoch("2026-06-26", 9, "Europe/London")).toBe(at("2026-06-26T08:00:00Z")); // BST
    expect(localToEpoch("2026-11-27", 9, "America/New_York")).toBe(at("2026-11-27T14:00:00Z"));
    expect(localToEpoch("2026-11-27", 0, "Pacific/Auckland")).toBe(at("2026-11-26T11:00:00Z"));
  });

  it("the latest report time is this week's once it has passed, else last week's", () => {
    // Friday 27 November 2026, 08:59 and 09:00 in London.
    expect(latestReportTime(at("2026-11-27T08:59:00Z"), FRIDAY_NINE_LONDON)).toEqual({
      period: "2026-11-20",
      at: at("2026-11-20T09:00:00Z"),
    });
    expect(latestReportTime(at("2026-11-27T09:00:00Z"), FRIDAY_NINE_LONDON)).toEqual({
      period: "2026-11-27",
      at: at("2026-11-27T09:00:00Z"),
    });
    // Monday after: still Friday's period (a restart over the weekend sends it once, late).
    expect(latestReportTime(at("2026-11-30T07:00:00Z"), FRIDAY_NINE_LONDON).period).toBe("2026-11-27");
  });

  it("the period is the local date: Monday 00:00 in Auckland is Sunday in UTC", () => {
    const slot = { dayOfWeek: 1, hour: 0, timeZone: "Pacific/Auckland" };
    expect(latestReportTime(at("2026-11-29T12:00:00Z"), slot)).toEqual({
      period: "2026-11-30",
      at: at("2026-11-29T11:00:00Z"),
    });
  });

  it("the next report is a week after the latest, across the change of clocks", () => {
    // Friday 23 October 2026 09:00 BST; the clocks go back on the 25th.
    expect(nextReportTime(at("2026-10-23T08:30:00Z"), FRIDAY_NINE_LONDON)).toBe(at("2026-10-30T09:00:00Z"));
  });
});
