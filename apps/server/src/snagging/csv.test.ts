import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { type CsvReport, neutralise, reportsToCsv } from "./csv";

describe("neutralise", () => {
  it.each(["=1+1", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])("prefixes %j with an apostrophe", (cell) => {
    expect(neutralise(cell)).toBe(`'${cell}`);
  });
  it.each(["Cracked tile", "1+1", " =1", "", "'quoted"])("leaves %j alone", (cell) => {
    expect(neutralise(cell)).toBe(cell);
  });
});

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
    assignedTo: null,
    assignedToName: null,
    createdByName: "Zoë Builder",
    dueDate: 1767225600,
    createdAt: 1767182400,
    locationLat: 51.5,
    locationLng: -0.127758,
    pageUrl: null,
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
        Latitude: "51.5",
        Longitude: "-0.127758",
        Photos: "3",
        Description: `'=HYPERLINK("http://evil.example","click")\nline two, with "quotes"`,
      },
    ]);
  });
});
