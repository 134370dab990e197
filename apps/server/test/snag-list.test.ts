// GET /api/projects/{id}/snag-list.pdf read back with pdftotext and pdfimages: the cover's counts,
// the table of contents, the groups, every reference, the thumbnails; filters; tenancy; bad input.
import { writePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";
import { readPdf } from "./pdf-tools";

describe.each(DIALECTS)("project snag list PDF (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: { accessToken: string; user: { id: string } };
  let projectId: string;
  const reports: Report[] = [];

  const create = async (fields: Record<string, string>, photos: number) => {
    const files = await Promise.all(
      Array.from({ length: photos }, async (_, i) => ({ name: `p${i}.jpg`, data: await jpegPhoto({ seed: i + 3 }) })),
    );
    const body = await multipart({ projectId, ...fields }, files);
    const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    expect(res.statusCode, res.body).toBe(201);
    const report = (res.json() as { report: Report }).report;
    reports.push(report);
    return report;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
      payload: {
        firstName: "Pete",
        lastName: "Plumber",
        email: `pete.${Date.now()}@example.com`,
        password: "pipes-and-more-1",
      },
    });
    member = joined.json() as typeof member;
    projectId = (await createProject(t, owner.accessToken, { name: "Harbour View", clientName: "Quay Homes" })).id;
    const past = String(Math.floor(Date.now() / 1000) - 10 * 86400);
    for (let i = 0; i < 12; i += 1) {
      await create(
        {
          priority: i % 2 === 0 ? "high" : "low",
          category: i < 4 ? "plumbing" : "finish",
          assignedTo: i < 5 ? member.user.id : "",
          dueDate: i < 3 ? past : "",
          description: writePhotoDescription([
            { location: i < 6 ? "Flat 1" : "Stair core", description: `Defect number ${i}` },
          ]),
        },
        i < 8 ? 2 : 0,
      );
    }
    // One closed report: counted by status, not overdue.
    await t.request({
      method: "PATCH",
      url: `/api/snagging/${(reports[11] as Report).id}`,
      token: owner.accessToken,
      payload: { status: "closed" },
    });
  });
  afterAll(() => t.close());

  const get = (query: string, token = owner.accessToken, id = projectId) =>
    t.request({ method: "GET", url: `/api/projects/${id}/snag-list.pdf${query}`, token });

  it("puts every report on it, grouped by assignee, with the cover's counts and a table of contents", async () => {
    const res = await get("");
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="snag-list-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = await readPdf(res.rawPayload);
    const cover = pdf.pages[0] as string;
    expect(cover).toContain("Harbour View");
    expect(cover).toContain("Quay Homes");
    expect(cover).toContain("Olive Owner");
    expect(cover).toMatch(/Open\s+11/);
    expect(cover).toMatch(/Closed\s+1/);
    expect(cover).toMatch(/Overdue\s+3/);
    expect(cover).toMatch(/Total\s+12/);
    expect(cover).toMatch(/Pete Plumber\s+5/);
    expect(cover).toMatch(/Unassigned\s+7/);
    const contents = pdf.pages[1] as string;
    expect(contents).toContain("Contents");
    expect(contents).toMatch(/Pete Plumber \(5\)\s+(\d+)/);
    expect(contents).toMatch(/Unassigned \(7\)\s+(\d+)/);
    for (const r of reports) expect(pdf.text).toContain(r.title);
    // Compact: 12 entries after cover and contents take two pages; every page numbered.
    const total = pdf.pages.filter((p) => p.trim() !== "").length;
    expect(total).toBeLessThanOrEqual(5);
    expect(pdf.text).toContain(`Page ${total} of ${total}`);
    // The contents' page numbers point at the group's heading.
    const page = Number(/Unassigned \(7\)\s+(\d+)/.exec(contents)?.[1]);
    expect(pdf.pages[page - 1]).toContain("Unassigned (7)");
    // 8 reports with 2 photos: 16 embedded thumbnails, none for the others; made smaller than the
    // stored 400 px ones for the PDF's 64 pt boxes (PDF_THUMB_EDGE, 192 px).
    expect(pdf.images).toHaveLength(16);
    for (const image of pdf.images) expect(Math.max(image.width, image.height)).toBe(192);
    expect(pdf.text).toContain("(overdue)");
  });

  it("applies the filters and the grouping asked for", async () => {
    const byCategory = await readPdf((await get("?groupBy=category&priority=high")).rawPayload);
    expect(byCategory.text).toContain("Plumbing (2)");
    expect(byCategory.text).toContain("Finish (4)");
    expect(byCategory.text).toContain("Priority High");
    const high = reports.filter((_, i) => i % 2 === 0);
    for (const r of reports) {
      if (high.includes(r)) expect(byCategory.text).toContain(r.title);
      else expect(byCategory.text).not.toContain(r.title);
    }
    const byLocation = await readPdf((await get(`?groupBy=location&assigneeId=${member.user.id}`)).rawPayload);
    expect(byLocation.text).toContain("Flat 1 (5)");
    expect(byLocation.text).not.toContain("Stair core (");
    const unassigned = await readPdf((await get("?assigneeId=unassigned&search=defect%20NUMBER")).rawPayload);
    expect(unassigned.text).toContain((reports[11] as Report).title);
    expect(unassigned.text).toMatch(/Total\s+7/);
    const due = await readPdf((await get(`?dueBefore=${Math.floor(Date.now() / 1000)}&status=open`)).rawPayload);
    expect(due.text).toMatch(/Total\s+3/);
  });

  it("answers a plain cover for a project without matching snags", async () => {
    const res = await get("?category=hvac");
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.text).toContain("No snags match this list's filters.");
    expect(pdf.text).toMatch(/Total\s+0/);
  });

  it("keeps to the workspace and refuses bad input with a sentence", async () => {
    const stranger = await signUp(t);
    expectError(await get("", stranger.accessToken), 404, "Project not found");
    expectError(await get("", "", "not-a-uuid"), 401);
    expectError(await get("", owner.accessToken, "00000000-0000-0000-0000-000000000000"), 404);
    expectFieldError(
      await get(`?assigneeId=${stranger.user.id}`),
      "assigneeId",
      "Assignee must be a member or a contact of your workspace",
    );
    expectError(await get("?groupBy=colour"), 400, "Group by must be assignee, location or category");
    expectError(await get("?dueBefore=tomorrow"), 400);
    expectError(await get("?status=bogus"), 400);
  });

  // The renderer's bound, not the database's: run once (SQLite) to keep CI time in check.
  it.skipIf(kind !== "sqlite")(
    "renders 5,000 snags while the server keeps answering others",
    { timeout: 180_000 },
    async () => {
      const big = await createProject(t, owner.accessToken, { name: "Tower" });
      const thumb = reports.find((r) => r.attachments.length > 0)?.attachments[0];
      const rows = Array.from({ length: 5000 }, (_, i) => ({
        id: crypto.randomUUID(),
        workspace_id: owner.user.workspaceId,
        project_id: big.id,
        title: `SNAG-BIG-${String(i).padStart(5, "0")}`,
        description: `📷 Photo 1 - Floor ${i % 30}: Defect ${i}`,
        status: "open" as const,
        priority: "medium" as const,
        category: "other" as const,
        assigned_to: null,
        created_by: owner.user.id,
        due_date: null,
        location_lat: null,
        location_lng: null,
        page_url: null,
        created_at: 1_700_000_000 + i,
        updated_at: 1_700_000_000 + i,
        search_text: `snag-big-${i}`,
      }));
      for (let i = 0; i < rows.length; i += 250) {
        await t.ctx.db
          .insertInto("snagging_reports")
          .values(rows.slice(i, i + 250))
          .execute();
      }
      // Every 10th snag has a real thumbnail (the same stored file).
      const photoRows = rows
        .filter((_, i) => i % 10 === 0)
        .map((r) => ({
          id: crypto.randomUUID(),
          report_id: r.id,
          workspace_id: owner.user.workspaceId,
          storage_key: (thumb?.file_path ?? "").replace("/files/", ""),
          thumbnail_key: (thumb?.thumbnail_path ?? "").replace("/files/", ""),
          original_name: "x.jpg",
          content_type: "image/jpeg",
          size_bytes: 1,
          position: 0,
          created_at: 1,
        }));
      for (let i = 0; i < photoRows.length; i += 250) {
        await t.ctx.db
          .insertInto("attachments")
          .values(photoRows.slice(i, i + 250))
          .execute();
      }
      const pending = get("?groupBy=location", owner.accessToken, big.id);
      const started = Date.now();
      const other = await t.request({ method: "GET", url: "/api/projects", token: owner.accessToken });
      expect(other.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      const res = await pending;
      expect(res.statusCode).toBe(200);
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages[0]).toMatch(/Total\s+5000/);
      expect(pdf.text).toContain("SNAG-BIG-00000");
      expect(pdf.text).toContain("SNAG-BIG-04999");
      expect(pdf.text).toContain("Floor 29 (166)");
      expect(pdf.images).toHaveLength(500);
      expect(pdf.pages.length).toBeGreaterThan(700);
    },
  );

  it("survives reports whose photo files are gone or unreadable", async () => {
    const row = await insertReport(t, { workspaceId: owner.user.workspaceId, projectId, userId: owner.user.id });
    await t.ctx.db
      .insertInto("attachments")
      .values({
        id: crypto.randomUUID(),
        report_id: row.id as string,
        workspace_id: owner.user.workspaceId,
        storage_key: "photos/missing.jpg",
        thumbnail_key: "photos/missing-thumb.jpg",
        original_name: "x.jpg",
        content_type: "image/jpeg",
        size_bytes: 4,
        position: 0,
        created_at: 1,
      })
      .execute();
    const pdf = await readPdf((await get("")).rawPayload);
    expect(pdf.text).toContain(row.title);
    expect(pdf.text).toContain("No image");
  });
});
