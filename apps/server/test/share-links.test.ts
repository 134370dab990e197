// Share links through HTTP on both databases: making, listing and revoking them; what a person
// holding one sees (only the link's snags, no names of the workspace's people) and can do (mark
// one fixed with a photo and a note); every other route refusing the link's token; revoked,
// expired and guessed tokens; views and fixes recorded under the link's name; rate limit; logs.

import type { ActivityList } from "@sitesnag/shared/activity";
import { writePhotoDescription } from "@sitesnag/shared/photo-description";
import type { ShareLink, ShareLinkCreated, ShareView } from "@sitesnag/shared/sharing";
import type { Sheet } from "@sitesnag/shared/sheets";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashShareToken } from "../src/sharing/share-tokens";
import { allKeys, countRows, expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";
import { readPdf } from "./pdf-tools";
import { linkIn, type SmtpCapture, startSmtpCapture } from "./smtp-capture";

type Account = { accessToken: string; user: { id: string; workspaceId: string } };

describe.each(DIALECTS)("share links (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let member: Account;
  let stranger: Account;
  let projectId: string;
  let otherProjectId: string;
  let plumberReports: Report[];
  let otherReports: Report[];
  let foreignReport: Report;

  const createReport = async (token: string, project: string, fields: Record<string, string>) => {
    const body = await multipart(
      {
        projectId: project,
        priority: "high",
        description: writePhotoDescription([{ location: "Flat 3", description: "Leaking trap" }]),
        ...fields,
      },
      [{ name: "before.jpg", data: await jpegPhoto({ seed: 7 }) }],
    );
    const res = await t.request({ method: "POST", url: "/api/snagging", token, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { report: Report }).report;
  };

  const share = async (payload: Record<string, unknown>, token = owner.accessToken, project = projectId) =>
    t.request({ method: "POST", url: `/api/projects/${project}/share-links`, token, payload });
  const tokenOf = (created: ShareLinkCreated) => created.url.split("/s/")[1] as string;
  const view = (token: string) => t.request({ method: "GET", url: `/api/share/${token}` });
  const fix = async (
    token: string,
    reportId: string,
    note = "Replaced the trap",
    photos = 1,
    headers: Record<string, string> = {},
  ) => {
    const body = await multipart(
      { note },
      await Promise.all(
        Array.from({ length: photos }, async (_, i) => ({
          name: `fix${i}.jpg`,
          data: await jpegPhoto({ seed: 20 + i }),
        })),
      ),
    );
    return t.request({
      method: "POST",
      url: `/api/share/${token}/reports/${reportId}/fix`,
      ...body,
      headers: { ...body.headers, ...headers },
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { SHARE_RATE_LIMIT: "1000" });
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    member = (
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
        payload: {
          firstName: "Pat",
          lastName: "Plumber",
          email: `pat.${Date.now()}@example.com`,
          password: "pipes-and-more-1",
        },
      })
    ).json() as Account;
    stranger = await signUp(t, { firstName: "Stan", lastName: "Stranger" });
    projectId = (await createProject(t, owner.accessToken, { name: "Harbour View" })).id;
    otherProjectId = (await createProject(t, owner.accessToken, { name: "Hidden Project" })).id;
    plumberReports = [
      await createReport(owner.accessToken, projectId, { assignedTo: member.user.id }),
      await createReport(owner.accessToken, projectId, { assignedTo: member.user.id, priority: "low" }),
    ];
    otherReports = [
      await createReport(owner.accessToken, projectId, {}),
      await createReport(owner.accessToken, otherProjectId, { assignedTo: member.user.id }),
    ];
    const strangerProject = (await createProject(t, stranger.accessToken)).id;
    foreignReport = await createReport(stranger.accessToken, strangerProject, {});
  });
  afterAll(() => t.close());

  it("makes a link whose token is answered once and stored only as a hash", async () => {
    const res = await share({ name: "Pat's snags", assigneeId: member.user.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ShareLinkCreated;
    expect(created.url).toMatch(/^http:\/\/[^/]+\/s\/[A-Za-z0-9_-]{43}$/);
    const days = (created.expiresAt - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const token = tokenOf(created);
    const row = await t.ctx.db
      .selectFrom("share_links")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashShareToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.request({
      method: "GET",
      url: `/api/projects/${projectId}/share-links`,
      token: member.accessToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    const [link] = (list.json() as { shareLinks: ShareLink[] }).shareLinks;
    expect(link).toMatchObject({
      name: "Pat's snags",
      assigneeName: "Pat Plumber",
      state: "active",
      views: 0,
      fixes: 0,
    });
  });

  it("shows the person holding the link only its snags, with no names of the workspace's people", async () => {
    const created = (await share({ name: "Plumbing", assigneeId: member.user.id })).json() as ShareLinkCreated;
    const res = await view(tokenOf(created));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ShareView;
    expect(body.name).toBe("Plumbing");
    expect(body.projectName).toBe("Harbour View");
    expect(body.reports.map((r) => r.id).sort()).toEqual(plumberReports.map((r) => r.id).sort());
    expect(body.reports[0]?.photos).toHaveLength(1);
    expect(body.reports[0]?.location).toBe("Flat 3");
    const keys = allKeys(body);
    for (const leak of ["assignedTo", "assignedToName", "createdByName", "workspaceId", "email", "projectId"]) {
      expect(keys).not.toContain(leak);
    }
    expect(res.body).not.toContain("Olive");
    expect(res.body).not.toContain("Plumber");
    // A filter link: the current list's filter.
    const filtered = (await share({ name: "Low ones", filter: { priority: "low" } })).json() as ShareLinkCreated;
    const low = (await view(tokenOf(filtered))).json() as ShareView;
    expect(low.reports.map((r) => r.id)).toEqual([plumberReports[1]?.id]);
  });

  it("refuses the link's token on every other API route", async () => {
    const created = (await share({ name: "Scope", assigneeId: member.user.id })).json() as ShareLinkCreated;
    const token = tokenOf(created);
    const id = plumberReports[0]?.id as string;
    // Public by design: health, the link's own routes, and one-click unsubscribe (its own signed token).
    const open = new Set([
      "/api/health",
      "/api/share/:token",
      "/api/share/:token/reports/:reportId/fix",
      "/api/share/:token/reports/:reportId/plan",
      "/api/share/:token/reports/:reportId/photos/:attachmentId",
      "/api/share/:token/reports/:reportId/photos/:attachmentId/thumbnail",
      "/api/mail/unsubscribe",
      // The API's own description and its reference page (issue 38): public, they hold no data.
      "/api/openapi.json",
    ]);
    const tried: string[] = [];
    for (const route of t.routes) {
      const [method, path] = route.split(" ") as [string, string];
      if (
        !path.startsWith("/api") ||
        open.has(path) ||
        path.startsWith("/api/auth") ||
        path.startsWith("/api/docs") ||
        path.includes("/token/")
      )
        continue;
      const url = path.replace(":id", id).replace(":token", token).replace(":reportId", id);
      const res = await t.request({
        method: method as "GET",
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: method === "GET" || method === "DELETE" ? undefined : {},
      });
      expect(res.statusCode, `${route} with a link token`).toBe(401);
      tried.push(route);
    }
    expect(tried.length).toBeGreaterThan(25);
    // Public routes with a link token answer no more than the link: a fix of a report outside its set is 404.
    for (const outside of [otherReports[0], otherReports[1], foreignReport]) {
      expectError(await fix(token, outside?.id as string), 404, "Report not found");
    }
    expectError(await fix(token, "not-a-uuid"), 404);
    // Nothing was written by the refused fixes.
    for (const outside of [otherReports[0], otherReports[1], foreignReport]) {
      const row = await t.ctx.db
        .selectFrom("snagging_reports")
        .select("status")
        .where("id", "=", outside?.id as string)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("open");
    }
    expect(await countRows(t, "share_link_events")).toBeGreaterThanOrEqual(0);
  });

  it("marks a snag fixed with a photo and a note: resolved, photo kept, creator notified, recorded on the report", async () => {
    const created = (await share({ name: "Pat (plumber)", assigneeId: member.user.id })).json() as ShareLinkCreated;
    const token = tokenOf(created);
    expect((await view(token)).statusCode).toBe(200);
    const target = plumberReports[0] as Report;
    const filesBefore = (await listFiles(t.dataDir)).length;
    const res = await fix(token, target.id, "New trap fitted and tested");
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { report: { status: string } }).report.status).toBe("resolved");
    expect((await listFiles(t.dataDir)).length).toBe(filesBefore + 2); // display copy + thumbnail

    const seen = (
      await t.request({ method: "GET", url: `/api/snagging/${target.id}`, token: owner.accessToken })
    ).json() as {
      report: Report;
    };
    expect(seen.report.status).toBe("resolved");
    expect(seen.report.attachments).toHaveLength(2);
    expect(seen.report.description).toContain("Fixed (link “Pat (plumber)”): New trap fitted and tested");
    const notes = (await t.request({ method: "GET", url: "/api/notifications", token: owner.accessToken })).json() as {
      notifications: { reportId: string; status: string }[];
    };
    expect(notes.notifications).toContainEqual(expect.objectContaining({ reportId: target.id, status: "resolved" }));

    const events = await t.ctx.db
      .selectFrom("share_link_events")
      .selectAll()
      .where("link_id", "=", created.id)
      .orderBy("created_at")
      .execute();
    expect(events.map((e) => e.kind).sort()).toEqual(["fix", "view", "view"]);
    expect(events.every((e) => e.link_name === "Pat (plumber)")).toBe(true);
    expect(events.find((e) => e.kind === "fix")).toMatchObject({
      report_id: target.id,
      note: "New trap fitted and tested",
    });
    const [link] = (
      (
        await t.request({ method: "GET", url: `/api/projects/${projectId}/share-links`, token: owner.accessToken })
      ).json() as {
        shareLinks: ShareLink[];
      }
    ).shareLinks;
    expect(link).toMatchObject({ id: created.id, views: 2, fixes: 1 });
    const activity = await t.request({
      method: "GET",
      url: `/api/snagging/${target.id}/link-activity`,
      token: member.accessToken,
    });
    const recorded = (activity.json() as { events: { kind: string; linkName: string; note: string | null }[] }).events;
    expect(recorded[0]).toMatchObject({ kind: "fix", linkName: "Pat (plumber)", note: "New trap fitted and tested" });
    expect(recorded.filter((e) => e.kind === "view" && e.linkName === "Pat (plumber)")).toHaveLength(1);
    expectError(
      await t.request({ method: "GET", url: `/api/snagging/${target.id}/link-activity`, token: stranger.accessToken }),
      404,
    );
    expect(link?.lastUsedAt).not.toBeNull();

    // The snag list PDF shows the before/after pair.
    const pdf = await readPdf(
      (await t.request({ method: "GET", url: `/api/projects/${projectId}/snag-list.pdf`, token: owner.accessToken }))
        .rawPayload,
    );
    expect(pdf.text).toContain("BEFORE");
    expect(pdf.text).toContain("AFTER");
  });

  it("a fix through a link is on the report's history, its photos are the fix, a new version, waiting for the creator", async () => {
    const strict = await createProject(t, owner.accessToken, { name: "Verified", verifiedClosing: true } as never);
    const report = await createReport(owner.accessToken, strict.id, { assignedTo: member.user.id });
    const created = (await share({ name: "Pat (plumber)" }, owner.accessToken, strict.id)).json() as ShareLinkCreated;
    const res = await fix(tokenOf(created), report.id, "New trap fitted");
    expect(res.statusCode, res.body).toBe(200);

    // History, in the fix's transaction, under the link's name (no account).
    const history = (
      await t.request({ method: "GET", url: `/api/snagging/${report.id}/activity`, token: owner.accessToken })
    ).json() as ActivityList;
    const byLink = history.activity.filter((e) => e.actorName === "Link “Pat (plumber)”");
    expect(byLink.every((e) => e.actorId === null)).toBe(true);
    expect(byLink.find((e) => e.type === "status_changed")).toMatchObject({
      summary: "Link “Pat (plumber)” changed the status from Open to Resolved",
    });
    expect(byLink.find((e) => e.type === "photos_added")).toMatchObject({
      summary: "Link “Pat (plumber)” added 1 photo: fix0.jpg",
    });

    // The photos are the fix (the "after" of the before/after pair), and the report has a new version.
    const seen = (
      (await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: owner.accessToken })).json() as {
        report: Report;
      }
    ).report;
    expect(seen.attachments.map((a) => [a.original_name, a.kind])).toEqual([
      ["before.jpg", "evidence"],
      ["fix0.jpg", "fix"],
    ]);
    expect(seen.version).toBe(report.version + 1);
    // An edit made on the version before the fix merges with it: its field applies, the fix stays.
    const edit = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: member.accessToken,
      payload: { priority: "low", version: report.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((edit.json() as { report: Report }).report).toMatchObject({ status: "resolved", priority: "low" });

    // On a verified-closing project it waits for the creator's verification.
    const waiting = (
      await t.request({ method: "GET", url: "/api/snagging?waitingFor=me", token: owner.accessToken })
    ).json() as { reports: Report[] };
    expect(waiting.reports.map((r) => r.id)).toContain(report.id);

    // The creator's notification names the link, not "Someone".
    const notes = (await t.request({ method: "GET", url: "/api/notifications", token: owner.accessToken })).json() as {
      notifications: { reportId: string; message: string; actorName: string | null }[];
    };
    expect(notes.notifications.find((n) => n.reportId === report.id)).toMatchObject({
      actorName: "Link “Pat (plumber)”",
      message: `Link “Pat (plumber)” changed ${report.title} to Resolved`,
    });
  });

  // The drawing renders in a child process of its own (decision 0047): its start-up is part of the wait.
  it("shows a pinned snag's place on the plan as a crop served only through the link", async () => {
    // A project of its own, so the views counted by the other tests stay as they are.
    const plansProject = (await createProject(t, owner.accessToken, { name: "Plans" })).id;
    const drawing = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const upload = await multipart(
      { level: "Level 2" },
      [{ name: "Second floor.png", data: drawing, type: "image/png" }],
      "file",
    );
    const created = await t.request({
      method: "POST",
      url: `/api/projects/${plansProject}/sheets`,
      token: owner.accessToken,
      ...upload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const sheetId = (created.json() as { sheets: Sheet[] }).sheets[0]?.id as string;
    for (let i = 0; i < 300; i += 1) {
      const sheet = (await t.request({ method: "GET", url: `/api/sheets/${sheetId}`, token: owner.accessToken })).json()
        .sheet as Sheet;
      if (sheet.status === "ready") break;
      expect(sheet.status).toBe("processing");
      await new Promise((r) => setTimeout(r, 100));
    }
    const pinned = await createReport(owner.accessToken, plansProject, {
      assignedTo: member.user.id,
      sheetId,
      pinX: "0.25",
      pinY: "0.5",
    });
    const unpinned = await createReport(owner.accessToken, plansProject, { assignedTo: member.user.id });
    const outside = await createReport(owner.accessToken, plansProject, { sheetId, pinX: "0.75", pinY: "0.5" });
    const link = (
      await share({ name: "Plans", assigneeId: member.user.id }, owner.accessToken, plansProject)
    ).json() as ShareLinkCreated;
    const token = tokenOf(link);
    const res = await view(token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ShareView;
    const shown = body.reports.find((r) => r.id === pinned.id);
    expect(shown?.plan).toMatchObject({ sheetName: "Second floor", level: "Level 2", x: 0.25, y: 0.5 });
    expect(shown?.plan?.imageUrl).toMatch(new RegExp(`^/api/share/${token}/reports/${pinned.id}/plan\\?v=`));
    expect(body.reports.find((r) => r.id === unpinned.id)?.plan).toBeNull();
    // Nothing of the sheet's own files (its tiles and preview would open the whole drawing).
    expect(res.body).not.toContain("/files/sheets");
    expect(res.body).not.toContain(sheetId);

    // The crop: a JPEG with the open snag's red pin at its place (a quarter across: left of centre).
    const image = await t.request({ method: "GET", url: shown?.plan?.imageUrl as string });
    expect(image.statusCode, image.body).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["cache-control"]).toBe("private, max-age=86400");
    const { data, info } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(240); // 30 % of the 800 px preview, 3 : 2
    expect(info.height).toBe(160);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [r, g, b] = pixel(Math.round(0.25 * 800 - 80), 80);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
    expect(pixel(230, 10).every((c) => c > 240)).toBe(true);

    // Only the link's own pinned snags: not one outside its set, not one without a pin, not a guess.
    const plan = (id: string, withToken = token) =>
      t.request({ method: "GET", url: `/api/share/${withToken}/reports/${id}/plan` });
    expectError(await plan(outside.id), 404, "Report not found");
    expectError(await plan(foreignReport.id), 404, "Report not found");
    expectError(await plan(unpinned.id), 404, "Plan not found");
    expectError(await plan("not-a-uuid"), 404);
    expectError(
      await plan(pinned.id, "C".repeat(43)),
      404,
      "This link is not valid. Ask the person who sent it for a new one.",
    );
    // Another link of the same workspace that does not share the snag cannot fetch its plan.
    const lowOnly = tokenOf(
      (
        await share({ name: "Low", filter: { priority: "low" } }, owner.accessToken, plansProject)
      ).json() as ShareLinkCreated,
    );
    expectError(await plan(pinned.id, lowOnly), 404, "Report not found");
    // Reassigned away, the snag leaves the link at once, plan included.
    await t.request({
      method: "PATCH",
      url: `/api/snagging/${pinned.id}`,
      token: owner.accessToken,
      payload: { assignedTo: null },
    });
    expectError(await plan(pinned.id), 404, "Report not found");
    // Revoked: the plan goes with the page.
    await t.request({
      method: "PATCH",
      url: `/api/snagging/${pinned.id}`,
      token: owner.accessToken,
      payload: { assignedTo: member.user.id },
    });
    expect((await plan(pinned.id)).statusCode).toBe(200);
    await t.request({ method: "DELETE", url: `/api/share-links/${link.id}`, token: owner.accessToken });
    expectError(await plan(pinned.id), 410, "This link has been revoked. Ask the person who sent it for a new one.");
  }, 90_000);

  it("refuses a fix without a photo or with a bad note, changing nothing", async () => {
    const token = tokenOf((await share({ name: "Strict" })).json() as ShareLinkCreated);
    const target = otherReports[0] as Report;
    const attachments = await countRows(t, "attachments");
    expectFieldError(await fix(token, target.id, "no photo", 0), "images", "Add a photo of the fix");
    expectError(await fix(token, target.id, "x".repeat(1001)), 400, "The note must be at most 1000 characters");
    const fake = await multipart({ note: "fixed" }, [
      { name: "fix.jpg", data: Buffer.from("not a photo at all"), type: "image/jpeg" },
    ]);
    const refused = await t.request({ method: "POST", url: `/api/share/${token}/reports/${target.id}/fix`, ...fake });
    expect(refused.statusCode).toBe(415);
    const tooMany = await multipart(
      {},
      await Promise.all(
        Array.from({ length: 6 }, async (_, i) => ({ name: `f${i}.jpg`, data: await jpegPhoto({ seed: i }) })),
      ),
    );
    expect(
      (await t.request({ method: "POST", url: `/api/share/${token}/reports/${target.id}/fix`, ...tooMany })).statusCode,
    ).toBe(413);
    const plain = await t.request({
      method: "POST",
      url: `/api/share/${token}/reports/${target.id}/fix`,
      payload: { note: "json" },
    });
    expectFieldError(plain, "images", "Add a photo of the fix");
    expect(await countRows(t, "attachments")).toBe(attachments);
    const row = await t.ctx.db
      .selectFrom("snagging_reports")
      .select("status")
      .where("id", "=", target.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("open");
  });

  it("answers guessed, revoked and expired links plainly", async () => {
    expectError(await view("A".repeat(43)), 404, "This link is not valid. Ask the person who sent it for a new one.");
    expectError(await view("short"), 404);
    expectError(await view("%00"), 404);
    const created = (await share({ name: "Soon gone" })).json() as ShareLinkCreated;
    const token = tokenOf(created);
    expect(
      (await t.request({ method: "DELETE", url: `/api/share-links/${created.id}`, token: stranger.accessToken }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "DELETE", url: `/api/share-links/${created.id}`, token: member.accessToken }))
        .statusCode,
    ).toBe(204);
    expectError(await view(token), 410, "This link has been revoked. Ask the person who sent it for a new one.");
    expectError(await fix(token, plumberReports[1]?.id as string), 410);
    const old = (await share({ name: "Old", expiresInDays: 1 })).json() as ShareLinkCreated;
    await t.ctx.db.updateTable("share_links").set({ expires_at: 1_700_000_000 }).where("id", "=", old.id).execute();
    expectError(
      await view(tokenOf(old)),
      410,
      "This link expired on Nov 14, 2023. Ask the person who sent it for a new one.",
    );
    const states = (
      (
        await t.request({ method: "GET", url: `/api/projects/${projectId}/share-links`, token: owner.accessToken })
      ).json() as {
        shareLinks: ShareLink[];
      }
    ).shareLinks;
    expect(states.find((l) => l.id === created.id)?.state).toBe("revoked");
    expect(states.find((l) => l.id === old.id)?.state).toBe("expired");
  });

  it("keeps links to the workspace and refuses bad input with sentences", async () => {
    expectError(await share({ name: "x" }, stranger.accessToken), 404, "Project not found");
    expectError(
      await t.request({ method: "GET", url: `/api/projects/${projectId}/share-links`, token: stranger.accessToken }),
      404,
    );
    expectFieldError(await share({ name: " " }), "name", "Name is required");
    expectFieldError(
      await share({ name: "x", assigneeId: stranger.user.id }),
      "assigneeId",
      "Assignee must be a member or a contact of your workspace",
    );
    expectFieldError(
      await share({ name: "x", expiresInDays: 0 }),
      "expiresInDays",
      "Expiry must be a whole number of days from 1 to 365",
    );
    expectError(await share({ name: "x", filter: { status: "bogus" } }), 400);
    expectError(await share({ name: "x" }, owner.accessToken, "not-a-uuid"), 404);
    expectError(
      await t.request({ method: "POST", url: `/api/projects/${projectId}/share-links`, payload: { name: "x" } }),
      401,
    );
  });

  it("never reopens a resolved or closed snag: 409 and nothing stored (issue 34)", async () => {
    const closing = (await createProject(t, owner.accessToken, { name: "Closing" })).id;
    const link = (await share({ name: "Closing" }, owner.accessToken, closing)).json() as ShareLinkCreated;
    const token = tokenOf(link);
    for (const status of ["closed", "resolved"] as const) {
      const report = await createReport(owner.accessToken, closing, {});
      const moved = await t.request({
        method: "PATCH",
        url: `/api/snagging/${report.id}`,
        token: owner.accessToken,
        payload: { status, version: report.version },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const before = (moved.json() as { report: Report }).report;
      const files = (await listFiles(t.dataDir)).length;
      const attachments = await countRows(t, "attachments");
      const events = await countRows(t, "share_link_events");
      expectError(
        await fix(token, report.id, "Fixed again"),
        409,
        `This snag is already ${status}, so it cannot be marked fixed again. Nothing was saved.`,
      );
      const row = await t.ctx.db
        .selectFrom("snagging_reports")
        .select(["status", "version"])
        .where("id", "=", report.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status, version: before.version });
      expect((await listFiles(t.dataDir)).length).toBe(files);
      expect(await countRows(t, "attachments")).toBe(attachments);
      expect(await countRows(t, "share_link_events")).toBe(events);
    }
    // In progress is still work to do: the fix goes through.
    const started = await createReport(owner.accessToken, closing, { status: "in-progress" });
    expect((await fix(token, started.id)).statusCode).toBe(200);
  });

  it("serves a shared snag's photos only through the link, never as /files/ URLs (issue 34)", async () => {
    const photosProject = (await createProject(t, owner.accessToken, { name: "Photos" })).id;
    const report = await createReport(owner.accessToken, photosProject, {});
    const outside = await createReport(owner.accessToken, projectId, {});
    const link = (await share({ name: "Photos" }, owner.accessToken, photosProject)).json() as ShareLinkCreated;
    const token = tokenOf(link);
    const res = await view(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain("/files/");
    const [photo] = (res.json() as ShareView).reports.find((r) => r.id === report.id)?.photos ?? [];
    const own = (
      (await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: owner.accessToken })).json() as {
        report: Report;
      }
    ).report.attachments[0];
    expect(photo?.url).toBe(`/api/share/${token}/reports/${report.id}/photos/${own?.id}`);
    expect(photo?.thumbnailUrl).toBe(`${photo?.url}/thumbnail`);
    const get = (url: string) => t.request({ method: "GET", url });
    const shown = await get(photo?.url as string);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/jpeg");
    expect(shown.headers["cache-control"]).toBe("private, max-age=300");
    expect(shown.rawPayload.equals((await get(own?.file_path as string)).rawPayload)).toBe(true);
    const thumbnail = await get(photo?.thumbnailUrl as string);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.rawPayload.equals((await get(own?.thumbnail_path as string)).rawPayload)).toBe(true);
    // Only the link's reports' own photos: another report's photo, under it or under a shared report, is 404.
    const foreign = (
      (await t.request({ method: "GET", url: `/api/snagging/${outside.id}`, token: owner.accessToken })).json() as {
        report: Report;
      }
    ).report.attachments[0]?.id as string;
    expectError(await get(`/api/share/${token}/reports/${outside.id}/photos/${foreign}`), 404, "Photo not found");
    expectError(await get(`/api/share/${token}/reports/${report.id}/photos/${foreign}`), 404, "Photo not found");
    expectError(await get(`/api/share/${token}/reports/${report.id}/photos/not-a-uuid`), 404);
    // Revoked: the photo URLs the page was given answer 410 like the page.
    await t.request({ method: "DELETE", url: `/api/share-links/${link.id}`, token: owner.accessToken });
    for (const url of [photo?.url, photo?.thumbnailUrl]) {
      expectError(
        await get(url as string),
        410,
        "This link has been revoked. Ask the person who sent it for a new one.",
      );
    }
    // Expired: the same.
    const soon = (await share({ name: "Soon" }, owner.accessToken, photosProject)).json() as ShareLinkCreated;
    const soonPhoto = ((await view(tokenOf(soon))).json() as ShareView).reports[0]?.photos[0];
    expect((await get(soonPhoto?.url as string)).statusCode).toBe(200);
    await t.ctx.db.updateTable("share_links").set({ expires_at: 1_700_000_000 }).where("id", "=", soon.id).execute();
    for (const url of [soonPhoto?.url, soonPhoto?.thumbnailUrl]) {
      expectError(
        await get(url as string),
        410,
        "This link expired on Nov 14, 2023. Ask the person who sent it for a new one.",
      );
    }
  });

  it("applies a fix sent again under the same Idempotency-Key once (issue 34)", async () => {
    const replays = (await createProject(t, owner.accessToken, { name: "Replays" })).id;
    const [first, second, third] = [
      await createReport(owner.accessToken, replays, {}),
      await createReport(owner.accessToken, replays, {}),
      await createReport(owner.accessToken, replays, {}),
    ] as [Report, Report, Report];
    const link = (await share({ name: "Replays" }, owner.accessToken, replays)).json() as ShareLinkCreated;
    const token = tokenOf(link);
    const key = { "idempotency-key": "fix-0f3c2a9e" };
    const sent = await fix(token, first.id, "Two photos", 2, key);
    expect(sent.statusCode, sent.body).toBe(200);
    const files = (await listFiles(t.dataDir)).length;
    for (let i = 0; i < 3; i += 1) {
      const again = await fix(token, first.id, "Two photos", 2, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect((again.json() as { report: { photos: unknown[] } }).report.photos).toHaveLength(3);
    }
    expect((await listFiles(t.dataDir)).length).toBe(files);
    const attachmentsOf = async (id: string) =>
      (
        (await t.request({ method: "GET", url: `/api/snagging/${id}`, token: owner.accessToken })).json() as {
          report: Report;
        }
      ).report.attachments.length;
    expect(await attachmentsOf(first.id)).toBe(3);
    const fixes = async (id: string) =>
      (
        await t.ctx.db
          .selectFrom("share_link_events")
          .select("id")
          .where("report_id", "=", id)
          .where("kind", "=", "fix")
          .execute()
      ).length;
    expect(await fixes(first.id)).toBe(1);
    // The same key for another snag is a different request: refused, nothing stored.
    expectError(
      await fix(token, second.id, "Other", 1, key),
      409,
      "This Idempotency-Key was already used for a different request.",
    );
    expect(await attachmentsOf(second.id)).toBe(1);
    // Sent twice at the same moment under one key: one fix, both answered with it.
    const raced = { "idempotency-key": "fix-raced-1" };
    const answers = await Promise.all([
      fix(token, third.id, "At once", 1, raced),
      fix(token, third.id, "At once", 1, raced),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await fixes(third.id)).toBe(1);
    expect(await attachmentsOf(third.id)).toBe(2);
    // The fix's answer shows the photos through the link too.
    expect(sent.body).not.toContain("/files/");
  });

  it("never logs a token", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      kind,
      { LOG_LEVEL: "info" },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const account = await signUp(logged);
      const project = await createProject(logged, account.accessToken);
      const created = (
        await logged.request({
          method: "POST",
          url: `/api/projects/${project.id}/share-links`,
          token: account.accessToken,
          payload: { name: "Logged" },
        })
      ).json() as ShareLinkCreated;
      const token = tokenOf(created);
      await logged.request({ method: "GET", url: `/api/share/${token}` });
      await logged.request({ method: "GET", url: `/s/${token}` });
      await logged.request({ method: "POST", url: `/api/share/${token}/reports/${project.id}/fix`, payload: {} });
      await logged.request({ method: "GET", url: `/api/share/${token}/reports/${project.id}/plan?v=1.1` });
      expect(lines.length).toBeGreaterThan(4);
      expect(lines.join("\n")).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe.each(DIALECTS)("share link rate limit (%s)", (kind) => {
  it("answers 429 past SHARE_RATE_LIMIT requests a minute from one address", async () => {
    const t = await createTestApp(kind, { SHARE_RATE_LIMIT: "3" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await t.request({ method: "GET", url: `/api/share/${"B".repeat(43)}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe.each(DIALECTS)("share links by email (%s)", (kind) => {
  const PUBLIC_URL = "https://snag.example.com";
  let t: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL, SHARE_RATE_LIMIT: "1000" });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("emails a contact the link to their snags, with the link's mail queued with it and its token gone once sent", async () => {
    const owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    const project = await createProject(t, owner.accessToken, { name: "Quay Flats" });
    const contact = (
      await t.request({
        method: "POST",
        url: "/api/contacts",
        token: owner.accessToken,
        payload: { name: "Pat Doyle", company: "Acme Plumbing", email: "pat@acme.example" },
      })
    ).json() as { contact: { id: string } };
    const body = await multipart({ projectId: project.id, priority: "high", assignedTo: contact.contact.id }, [
      { name: "before.jpg", data: await jpegPhoto({ seed: 3 }) },
    ]);
    const report = (await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body })).json()
      .report as Report;
    const res = await t.request({
      method: "POST",
      url: `/api/projects/${project.id}/share-links`,
      token: owner.accessToken,
      payload: { name: "Pat Doyle", assigneeId: contact.contact.id, sendTo: " Pat@Acme.example " },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ShareLinkCreated;
    expect(created.emailedTo).toBe("pat@acme.example");
    expect(created.url.startsWith(`${PUBLIC_URL}/s/`)).toBe(true);
    const token = created.url.split("/s/")[1] as string;

    expect(await t.ctx.mail.deliverDue()).toBe(1);
    const [mail] = smtp.messages;
    expect(mail?.envelopeTo).toEqual(["pat@acme.example"]);
    expect(mail?.parsed.subject).toBe("Olive Owner shared snags on Quay Flats with you");
    expect(linkIn(mail as never, `${PUBLIC_URL}/s/`)).toBe(created.url);
    expect(mail?.parsed.html).toContain(`href="${created.url}"`);
    expect(mail?.parsed.text).toContain("You are receiving this because Olive Owner");
    // The link in the mail opens the contact's snags.
    const seen = (await t.request({ method: "GET", url: `/api/share/${token}` })).json() as ShareView;
    expect(seen.reports.map((r) => r.id)).toEqual([report.id]);
    // The outbox keeps the message, not the credential.
    const row = await t.ctx.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", "pat@acme.example")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    expect(`${row.text_body}${row.html_body}`).not.toContain(token);
    expect(row.text_body).toContain(`${PUBLIC_URL}/s/REDACTED`);
    expect(row.redact_after_send).toBeNull();

    // Without an address nothing is mailed.
    const quiet = await t.request({
      method: "POST",
      url: `/api/projects/${project.id}/share-links`,
      token: owner.accessToken,
      payload: { name: "Copied", assigneeId: contact.contact.id },
    });
    expect((quiet.json() as ShareLinkCreated).emailedTo).toBeNull();
    expect(await t.ctx.mail.deliverDue()).toBe(0);
  });

  it("refuses an address it cannot mail, making neither the link nor the mail", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const before = [await countRows(t, "share_links"), await countRows(t, "mail_outbox")];
    const post = (sendTo: unknown) =>
      t.request({
        method: "POST",
        url: `/api/projects/${project.id}/share-links`,
        token: owner.accessToken,
        payload: { name: "Nobody", sendTo },
      });
    expectFieldError(await post("not an address"), "sendTo", "Enter a valid email address to send the link to");
    expectFieldError(await post(["a@b.example"]), "sendTo", "Enter a valid email address to send the link to");
    expectError(await post('"quoted"@example.com'), 400, "That email address cannot receive mail. Please check it.");
    expectError(await post("a@b.example\r\nBcc: victim@evil.example"), 400);
    expect([await countRows(t, "share_links"), await countRows(t, "mail_outbox")]).toEqual(before);
  });
});
