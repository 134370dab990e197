// The lists' answers written from their shared schemas must be byte-for-byte what JSON.stringify
// wrote before: every field kept, nulls kept null, text escaped the same; and nothing else sent.
import { type Project, ProjectListSchema } from "@sitesnag/shared/projects";
import { type Report, ReportListSchema } from "@sitesnag/shared/snagging";
import fastJson from "fast-json-stringify";
import { describe, expect, it } from "vitest";
import { responseJsonSchema } from "./response-serializer";

const TRICKY = 'quote " backslash \\ newline \n tab \t </script> \u2028 \u0000 é 🏗️';

const project = (overrides: Partial<Project> = {}): Project => ({
  id: "0b8f3c1e-7a52-4d7e-9a51-3f6f0f2f7f01",
  name: TRICKY,
  description: "",
  location: "1 Wharf Road",
  clientName: "Thameside Homes",
  status: "archived",
  requireEvidenceToClose: false,
  verifiedClosing: true,
  createdAt: 1_764_000_000,
  ...overrides,
});

const report = (overrides: Partial<Report> = {}): Report => ({
  id: "r1",
  projectId: "p1",
  projectName: TRICKY,
  title: "Cracked tile",
  description: "Hall, by the door",
  status: "in-progress",
  priority: "critical",
  category: "finish",
  assignedTo: null,
  assignedToName: null,
  createdByName: "Ana Ruiz",
  dueDate: null,
  createdAt: 1_764_000_001,
  locationLat: 51.507_351,
  locationLng: -0.127_758,
  pageUrl: null,
  version: 3,
  createdBy: null,
  rejectionCount: 1,
  requireEvidenceToClose: true,
  verifiedClosing: false,
  attachments: [
    {
      id: "a1",
      file_path: "/files/a1.jpg",
      original_name: TRICKY,
      thumbnail_path: null,
      content_type: "image/jpeg",
      size_bytes: 123_456,
      width: 2048,
      height: null,
      kind: "fix",
      sha256: "ab".repeat(32),
      created_at: 1_764_000_002,
    },
  ],
  sheetId: null,
  pinX: null,
  pinY: null,
  locationId: null,
  locationPath: null,
  ...overrides,
});

describe("answers written from the shared list schemas", () => {
  const projects = fastJson(responseJsonSchema(ProjectListSchema));
  const reports = fastJson(responseJsonSchema(ReportListSchema));

  it.each([
    ["projects, unpaged", { projects: [project(), project({ status: "active" })] }],
    ["projects, last page", { projects: [project()], nextCursor: null }],
    ["projects, a next page", { projects: [], nextCursor: "eyJzIjoxfQ" }],
  ])("%s: the same text as JSON.stringify, a valid answer", (_name, answer) => {
    const text = projects(answer);
    expect(text).toBe(JSON.stringify(answer));
    expect(ProjectListSchema.strict().parse(JSON.parse(text))).toEqual(answer);
  });

  it("keeps every field of a project and a report, nulls and numbers as they are", () => {
    const p = { projects: [project()], nextCursor: "c" };
    expect(projects(p)).toBe(JSON.stringify(p));
    const full = report({ assignedTo: "u1", assignedToName: "Bo", dueDate: 1_764_500_000, pageUrl: "/x" });
    const r = { reports: [report(), full, report({ attachments: [] })] };
    expect(reports(r)).toBe(JSON.stringify(r));
  });

  it("never sends a field the schema does not have", () => {
    const leaky = { ...project(), workspace_id: "w1", password_hash: "secret" };
    expect(JSON.parse(projects({ projects: [leaky] }))).toEqual({ projects: [project()] });
  });

  it("fails rather than answer without a required field", () => {
    const { name: _name, ...nameless } = project();
    expect(() => projects({ projects: [nameless] })).toThrow(/name/);
  });
});
