// Fix → verify → close (issue 23): two project settings, off by default, enforced by the server; a
// refused change answers with a sentence and changes nothing; verification by the creator or an owner.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ActivityList } from "@sitesnag/shared/activity";
import type { NotificationList } from "@sitesnag/shared/notifications";
import type { Project } from "@sitesnag/shared/projects";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)("fix, verify, close (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let creator: Account;
  let fixer: Account;
  let stranger: Account;
  let strict: Project;
  let free: Project;

  const join = async (firstName: string): Promise<Account> => {
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    const { token } = invite.json() as { token: string };
    const res = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: {
        firstName,
        lastName: "Crew",
        email: `${firstName}.${Date.now()}@example.com`,
        password: "workflow-pass-1",
      },
    });
    return { ...(res.json() as Account), password: "workflow-pass-1" };
  };
  const create = async (projectId: string): Promise<Report> => {
    const body = await multipart(
      { projectId, priority: "high", assignedTo: fixer.user.id, description: "📷 Photo 1 - Hall: Dent" },
      [{ name: "before.jpg", data: await jpegPhoto({ seed: 1 }) }],
    );
    const res = await t.request({ method: "POST", url: "/api/snagging", token: creator.accessToken, ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { report: Report }).report;
  };
  const fixWithPhoto = async (id: string, token = fixer.accessToken) => {
    const body = await multipart({ status: "resolved" }, [{ name: "after.jpg", data: await jpegPhoto({ seed: 2 }) }]);
    return t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, ...body });
  };
  const verify = (id: string, payload: unknown, token = creator.accessToken) =>
    t.request({ method: "POST", url: `/api/snagging/${id}/verification`, token, payload: payload as object });
  const status = (id: string, value: string, token = fixer.accessToken) =>
    t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, payload: { status: value } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive" });
    creator = await join("Carla");
    fixer = await join("Finn");
    stranger = await signUp(t, { firstName: "Otto" });
    strict = await createProject(t, owner.accessToken, {
      name: "Strict",
      requireEvidenceToClose: true,
      verifiedClosing: true,
    } as never);
    free = await createProject(t, owner.accessToken, { name: "Free" });
  });
  afterAll(() => t.close());

  it("the settings are off by default, answered, and kept by an edit that leaves them out", async () => {
    expect(free).toMatchObject({ requireEvidenceToClose: false, verifiedClosing: false });
    expect(strict).toMatchObject({ requireEvidenceToClose: true, verifiedClosing: true });
    const res = await t.request({
      method: "PUT",
      url: `/api/projects/${strict.id}`,
      token: owner.accessToken,
      payload: { name: "Strict", status: "active" },
    });
    expect((res.json() as { project: Project }).project).toMatchObject({
      requireEvidenceToClose: true,
      verifiedClosing: true,
    });
    expectFieldError(
      await t.request({
        method: "POST",
        url: "/api/projects",
        token: owner.accessToken,
        payload: { name: "X", verifiedClosing: "yes" },
      }),
      "verifiedClosing",
      "Verified closing must be true or false",
    );
  });

  it("with the settings off any member sets any status, as SPEC says", async () => {
    const report = await create(free.id);
    expect((await status(report.id, "resolved")).statusCode).toBe(200);
    expect((await status(report.id, "closed")).statusCode).toBe(200);
  });

  it("requires a fix photo to resolve, and only the creator or an owner may close", async () => {
    const report = await create(strict.id);
    const before = await countRows(t, "report_activity");
    expectError(
      await status(report.id, "resolved"),
      400,
      "This project needs a photo of the fix to mark a report resolved: add one with the change.",
    );
    const sync = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: fixer.accessToken,
      payload: {
        items: [
          {
            tempId: `wf-${Date.now()}`,
            action: "status",
            resource: "snagging",
            data: { reportId: report.id, status: "resolved" },
          },
        ],
      },
    });
    expect(
      (sync.json() as { data: { results: { success: boolean; statusCode: number }[] } }).data.results[0],
    ).toMatchObject({ success: false, statusCode: 400 });
    expectError(
      await status(report.id, "closed"),
      403,
      "On this project only the report's creator or a workspace owner can close it.",
    );
    expect(await countRows(t, "report_activity")).toBe(before);
    const unchanged = await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: fixer.accessToken });
    expect((unchanged.json() as { report: Report }).report).toMatchObject({ status: "open", version: 1 });

    const fixed = await fixWithPhoto(report.id);
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = (fixed.json() as { report: Report }).report;
    expect(after.status).toBe("resolved");
    expect(after.attachments.map((a) => [a.original_name, a.kind])).toEqual([
      ["before.jpg", "evidence"],
      ["after.jpg", "fix"],
    ]);
    // An owner may close directly.
    expect((await status(report.id, "closed", owner.accessToken)).statusCode).toBe(200);
  });

  it("the bell says each verification step: awaiting verification, rejected with the reason, accepted", async () => {
    const bell = async (account: Account, reportId: string) => {
      const res = await t.request({ method: "GET", url: "/api/notifications?limit=50", token: account.accessToken });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as NotificationList).notifications
        .filter((n) => n.reportId === reportId)
        .map((n) => [n.kind, n.message])
        .reverse();
    };
    const report = await create(strict.id);
    expect((await fixWithPhoto(report.id)).statusCode).toBe(200);
    // The creator is asked to verify, not merely told of the new status.
    expect(await bell(creator, report.id)).toEqual([
      ["fix_awaiting_verification", `Finn Crew marked ${report.title} fixed: it is waiting for your verification`],
    ]);
    const reason = `Grout still cracked\n${"x".repeat(400)}`;
    expect((await verify(report.id, { decision: "reject", reason })).statusCode).toBe(200);
    const rejected = (await bell(fixer, report.id)).filter(([kind]) => kind !== "assigned");
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.[0]).toBe("fix_rejected");
    const message = rejected[0]?.[1] ?? "";
    expect(message.startsWith(`Carla Crew rejected your fix on ${report.title}: Grout still cracked xxx`)).toBe(true);
    expect(message.endsWith("…")).toBe(true);
    expect(message.length).toBeLessThan(`Carla Crew rejected your fix on ${report.title}: `.length + 201);

    // A fix on a project without verified closing is the generic status change, as before.
    const plain = await create(free.id);
    expect((await status(plain.id, "resolved")).statusCode).toBe(200);
    expect(await bell(creator, plain.id)).toEqual([["status", `Finn Crew changed ${plain.title} to Resolved`]]);

    // An owner accepts: the fixer hears "accepted", the creator of the new status.
    expect((await fixWithPhoto(report.id)).statusCode).toBe(200);
    expect((await verify(report.id, { decision: "accept" }, owner.accessToken)).statusCode).toBe(200);
    expect((await bell(fixer, report.id)).slice(-1)).toEqual([
      ["fix_accepted", `Olive Builder accepted your fix on ${report.title}`],
    ]);
    expect((await bell(creator, report.id)).slice(-1)).toEqual([
      ["status", `Olive Builder changed ${report.title} to Closed`],
    ]);
  });

  it("the creator rejects with a reason (counted), the fixer fixes again, the creator accepts; all in the history", async () => {
    const report = await create(strict.id);
    expect((await fixWithPhoto(report.id)).statusCode).toBe(200);
    expectError(
      await verify(report.id, { decision: "accept" }, fixer.accessToken),
      403,
      "Only the report's creator or a workspace owner can verify its fix.",
    );
    expectFieldError(await verify(report.id, { decision: "reject" }), "reason", "Say why the fix is rejected");
    expectFieldError(
      await verify(report.id, { decision: "reject", reason: "   " }),
      "reason",
      "Say why the fix is rejected",
    );
    expectFieldError(await verify(report.id, { decision: "maybe" }), "decision", "Decision must be accept or reject");
    let res = await verify(report.id, { decision: "reject", reason: "Grout still cracked" });
    expect((res.json() as { report: Report }).report).toMatchObject({ status: "open", rejectionCount: 1 });
    expectError(
      await verify(report.id, { decision: "accept" }),
      409,
      "Only a report marked resolved is waiting for verification.",
    );
    expect((await fixWithPhoto(report.id)).statusCode).toBe(200);
    res = await verify(report.id, { decision: "accept" });
    expect((res.json() as { report: Report }).report).toMatchObject({ status: "closed", rejectionCount: 1 });

    const history = (
      await t.request({ method: "GET", url: `/api/snagging/${report.id}/activity`, token: owner.accessToken })
    ).json() as ActivityList;
    expect(history.activity.map((e) => e.summary).reverse()).toEqual([
      "Carla Crew created the report with 1 photo: before.jpg",
      "Finn Crew changed the status from Open to Resolved",
      "Finn Crew added 1 photo: after.jpg",
      "Carla Crew rejected the fix and reopened the report: Grout still cracked",
      "Finn Crew changed the status from Open to Resolved",
      "Finn Crew added 1 photo: after.jpg",
      "Carla Crew accepted the fix and closed the report",
    ]);

    // The PDF: the original with its description, then each fix beside it, then the history.
    const pdf = await t.request({
      method: "GET",
      url: `/api/snagging/${report.id}/download-pdf`,
      token: owner.accessToken,
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "fix-pdf-")), "r.pdf");
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    expect(text).toContain("Photos (1)");
    expect(text).toContain("Before and after (2)");
    expect(text).toMatch(/BEFORE · FIX 1 OF 2\s+AFTER/);
    expect(text).toContain("Carla Crew rejected the fix and reopened the report: Grout still cracked");
    // Embedded: the original once in Photos and once per pair, and the two fixes.
    const images = execFileSync("pdfimages", ["-list", file]).toString().trim().split("\n").slice(2);
    expect(images).toHaveLength(5);
  });

  it("'Waiting for me': assigned and open or in progress, or resolved and mine to verify; with counts", async () => {
    const waiting = async (token: string) => {
      const list = (await t.request({ method: "GET", url: "/api/snagging?waitingFor=me", token })).json() as {
        reports: Report[];
      };
      const counts = (await t.request({ method: "GET", url: "/api/snagging/counts?waitingFor=me", token })).json() as {
        counts: Record<string, number>;
      };
      return { ids: list.reports.map((r) => r.id), counts: counts.counts };
    };
    const strictReport = await create(strict.id);
    const freeReport = await create(free.id);
    let finn = await waiting(fixer.accessToken);
    expect(finn.ids).toEqual(expect.arrayContaining([strictReport.id, freeReport.id]));
    expect((await waiting(creator.accessToken)).ids).not.toContain(strictReport.id);

    expect((await fixWithPhoto(strictReport.id)).statusCode).toBe(200);
    expect((await status(freeReport.id, "resolved")).statusCode).toBe(200);
    finn = await waiting(fixer.accessToken);
    expect(finn.ids).not.toContain(strictReport.id);
    expect(finn.ids).not.toContain(freeReport.id);
    const carla = await waiting(creator.accessToken);
    // Only verified closing makes a resolved report wait for its creator.
    expect(carla.ids).toContain(strictReport.id);
    expect(carla.ids).not.toContain(freeReport.id);
    expect(carla.counts.resolved).toBe(carla.ids.length);
    expect(carla.counts.all).toBe(carla.ids.length);
    expect((await waiting(owner.accessToken)).ids).toContain(strictReport.id);
    expect((await waiting(stranger.accessToken)).ids).toEqual([]);
    expectFieldError(
      await t.request({ method: "GET", url: "/api/snagging?waitingFor=you", token: owner.accessToken }),
      "waitingFor",
      "waitingFor can only be me",
    );
  });

  it("another workspace's report is 404 before anything else; no body is 403 for a member, 400 for the creator", async () => {
    const report = await create(strict.id);
    expectError(await verify(report.id, { decision: "accept" }, stranger.accessToken), 404);
    expectError(await verify("not-a-uuid", { decision: "accept" }), 404);
    expectError(await verify(report.id, null, fixer.accessToken), 403);
    expectFieldError(await verify(report.id, [1]), "decision", "Decision must be accept or reject");
  });
});
