// The hot lists are written by fast-json-stringify from their shared schemas (http/response-serializer.ts),
// while a single project or report is still written by JSON.stringify from the same presenter. So
// each list item must equal the detail answer for the same row, field for field (nothing dropped,
// nulls and numbers unchanged), and the whole answer must be exactly what its schema describes.
import { type Project, ProjectListSchema } from "@sitesnag/shared/projects";
import { type Report, ReportListSchema } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject, insertAttachment, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("list answers written from their schemas (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Lia", lastName: "List" });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.request({ method: "GET", url, token: owner.accessToken });

  it("GET /api/projects: each item equals GET /api/projects/:id, and nothing else is sent", async () => {
    const tricky = await createProject(t, owner.accessToken, {
      name: 'Quote " backslash \\ </script> é 🏗️',
      description: "Line one\nline two",
      location: "1 Wharf Road",
      clientName: "Thameside Homes",
      status: "archived",
    });
    await createProject(t, owner.accessToken, { name: "Bare" });
    for (const url of ["/api/projects", "/api/projects?limit=1"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { projects: Project[] };
      expect(ProjectListSchema.strict().parse(body)).toEqual(body);
      for (const project of body.projects) {
        const detail = (await get(`/api/projects/${project.id}`)).json() as { project: Project };
        expect(project).toEqual(detail.project);
      }
    }
    const all = (await get("/api/projects")).json() as { projects: Project[] };
    expect(all.projects.map((p) => p.id)).toContain(tricky.id);
    expect(Object.keys(all)).toEqual(["projects"]);
    expect(Object.keys((await get("/api/projects?limit=1")).json() as object).sort()).toEqual([
      "nextCursor",
      "projects",
    ]);
  });

  it("GET /api/snagging: each report equals GET /api/snagging/:id, attachments and nulls included", async () => {
    const project = await createProject(t, owner.accessToken, { name: "Tower" });
    const parent = { workspaceId: owner.user.workspaceId, projectId: project.id, userId: owner.user.id };
    const everything = await insertReport(t, parent, {
      assigned_to: owner.user.id,
      due_date: 1_800_000_000,
      location_lat: 51.507_351,
      location_lng: -0.127_758,
      page_url: "/app/projects",
      priority: "critical",
      category: "electrical",
      status: "in-progress",
    });
    await insertAttachment(t, { id: everything.id as string, workspace_id: owner.user.workspaceId });
    await insertReport(t, parent);
    const res = await get("/api/snagging");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { reports: Report[] };
    expect(ReportListSchema.strict().parse(body)).toEqual(body);
    expect(body.reports).toHaveLength(2);
    const full = body.reports.find((r) => r.id === everything.id);
    expect(full?.attachments).toHaveLength(1);
    expect(full).toMatchObject({ assignedTo: owner.user.id, assignedToName: "Lia List", locationLat: 51.507_351 });
    for (const report of body.reports) {
      const detail = (await get(`/api/snagging/${report.id}`)).json() as { report: Report };
      expect(report).toEqual(detail.report);
    }
  });
});
