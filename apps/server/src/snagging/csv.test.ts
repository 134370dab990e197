import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type CsvReport, reportsToCsv } from "./csv";

describe("reportsToCsv", () => {
  const report: CsvReport = {
    id: "r1",
    projectId: "p1",
    projectName: "Café Block",
    title: "SNAG-20260101-1234",
    description: '=HYPERLINK("http://evil.example","click")\nline two, with "quotes"',
    status: "in-progress",
    priority: "high",
    category: "other",
    version: 1,
    createdBy: null,
    rejectionCount: 0,
    requireEvidenceToClose: false,
    verifiedClosing: false,
    assignedTo: null,
    assignedToName: null,
    createdByName: "Zoë Builder",
    dueDate: 1767225600,
    createdAt: 1767182400,
    locationLat: 51.5,
    locationLng: -0.127758,
    pageUrl: null,
    sheetId: null,
    pinX: null,
    pinY: null,
    locationId: null,
    locationPath: "Block B > Level 3 > Flat 3.04",
    photoCount: 3,
  };

  it("starts with a BOM and a header, and round-trips through a CSV parser", () => {
    const csv = reportsToCsv([report]);
    expect(csv.startsWith("\uFEFFReference,Project,")).toBe(true);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        Reference: "SNAG-20260101-1234",
        Project: "Café Block",
        Status: "in-progress",
        Priority: "high",
        Category: "other",
        Assignee: "",
        "Created by": "Zoë Builder",
        "Created (UTC)": "2025-12-31 12:00",
        "Due date": "2026-01-01",
        Location: "Block B > Level 3 > Flat 3.04",
        Latitude: "51.5",
        Longitude: "-0.127758",
        Photos: "3",
        Description: `'=HYPERLINK("http://evil.example","click")\nline two, with "quotes"`,
      },
    ]);
  });

  // A bare LF or CR ends a row for Excel and for csv-parse's defaults: a cell holding one is quoted,
  // or the text after it would start a row of its own, formula guard bypassed.
  it.each([
    ["a photo description's blank line", "📷 Photo 1 - Kitchen: crack in tile\n\n📷 Photo 2 - Hall: scuff on wall"],
    ["a formula after LF", "ok\n=2+3"],
    ["a formula after CR", "ok\r@SUM(1+1)"],
  ])("keeps %s in one quoted cell", (_, description) => {
    const csv = reportsToCsv([{ ...report, description }]);
    expect(csv).toContain(`,"${description}"\r\n`);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.Description).toBe(description);
  });
});
