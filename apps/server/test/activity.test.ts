// The report history (issue 23): an entry for every kind of change, written with the change, read
// newest first by cursor, never changed by any route; and no silent overwrite between two sessions.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ActivityEntry, ActivityList, Overwrite } from "@sitesnag/shared/activity";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)("report history and no silent overwrite (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let teammate: Account;
  let stranger: Account;
  let projectId: string;

  const joinWorkspace = async (inviter: Account, firstName: string): Promise<Account> => {
    const invite = await t.request({
      method: "POST",
      url: "/api/invitations",
      token: inviter.accessToken,
      payload: {},
    });
    const { token } = invite.json() as { token: string };
    const res = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: {
        firstName,
        lastName: "Site",
        email: `${firstName}.${Date.now()}@example.com`,
        password: "history-pass-1",
      },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { ...(res.json() as Account), password: "history-pass-1" };
  };

  const create = async (token = owner.accessToken, photos = 1): Promise<Report> => {
    const files = await Promise.all(
      Array.from({ length: photos }, async (_, i) => ({
        name: `before-${i + 1}.jpg`,
        data: await jpegPhoto({ seed: i }),
      })),
    );
    const body = await multipart({ projectId, priority: "medium", description: "📷 Photo 1 - Hall: Dent" }, files);
    const res = await t.request({ method: "POST", url: "/api/snagging", token, ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json() as { report: Report }).report;
  };
  const patch = async (id: string, payload: object, token = owner.accessToken) =>
    t.request({ method: "PATCH", url: `/api/snagging/${id}`, token, payload });
  const history = async (id: string, token = owner.accessToken, query = ""): Promise<ActivityList> => {
    const res = await t.request({ method: "GET", url: `/api/snagging/${id}/activity${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ActivityList;
  };
  const overwrites = async (id: string, token: string): Promise<Overwrite[]> => {
    const res = await t.request({ method: "GET", url: `/api/snagging/${id}/overwrites`, token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { overwrites: Overwrite[] }).overwrites;
  };
  const oldestFirst = (list: ActivityList): ActivityEntry[] => [...list.activity].reverse();

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    teammate = await joinWorkspace(owner, "Sam");
    stranger = await signUp(t, { firstName: "Otto" });
    projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
  });
  afterAll(() => t.close());

  it("records creation, each field old → new, status, photos added and removed, and the PDF export", async () => {
    const report = await create(owner.accessToken, 2);
    expect(report.version).toBe(1);
    let res = await patch(report.id, { priority: "high", dueDate: 1_800_000_000, assignedTo: teammate.user.id });
    expect(res.statusCode, res.body).toBe(200);
    res = await patch(report.id, { status: "in-progress" }, teammate.accessToken);
    expect((res.json() as { report: Report }).report.version).toBe(3);
    const photo = await multipart({ removeAttachmentIds: report.attachments[0]?.id ?? "" }, [
      { name: "fix.jpg", data: await jpegPhoto({ seed: 9 }) },
    ]);
    res = await t.request({ method: "PATCH", url: `/api/snagging/${report.id}`, token: owner.accessToken, ...photo });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = await t.request({
      method: "GET",
      url: `/api/snagging/${report.id}/download-pdf`,
      token: owner.accessToken,
    });
    expect(pdf.statusCode).toBe(200);

    const entries = oldestFirst(await history(report.id));
    expect(entries.map((e) => e.type)).toEqual([
      "created",
      "edited",
      "status_changed",
      "photos_added",
      "photos_removed",
      "pdf_exported",
    ]);
    expect(entries.map((e) => e.actorName)).toEqual([
      "Olive Owner",
      "Olive Owner",
      "Sam Site",
      "Olive Owner",
      "Olive Owner",
      "Olive Owner",
    ]);
    expect(entries[0]?.summary).toBe("Olive Owner created the report with 2 photos: before-1.jpg, before-2.jpg");
    expect(entries[1]?.changes?.map((c) => [c.field, c.fromText, c.toText])).toEqual([
      ["priority", "Medium", "High"],
      ["dueDate", "None", "Jan 15, 2027"],
      ["assignedTo", "Unassigned", "Sam Site"],
    ]);
    expect(entries[2]?.summary).toBe("Sam Site changed the status from Open to In progress");
    expect(entries[3]?.summary).toBe("Olive Owner added 1 photo: fix.jpg");
    expect(entries[4]?.summary).toBe("Olive Owner removed 1 photo: before-1.jpg");
    for (const e of entries) {
      expect(e.at).toBeGreaterThan(1_700_000_000);
      expect(e.actorId).toMatch(/^[0-9a-f-]{36}$/);
    }

    // The PDF printed every entry before its own export, under "History".
    const dir = mkdtempSync(path.join(tmpdir(), "history-pdf-"));
    writeFileSync(path.join(dir, "r.pdf"), pdf.rawPayload);
    const text = execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"]).toString();
    expect(text).toContain("History (5)");
    expect(text).toContain("Sam Site changed the status from Open to In progress");
    expect(text).toContain("Olive Owner removed 1 photo: before-1.jpg");
  });

  it("marks changes applied from the offline queue with the device time and the server time", async () => {
    const report = await create();
    const madeAt = Date.now() - 3_600_000;
    const res = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: {
        items: [
          {
            tempId: `h-${Date.now()}-1`,
            action: "update",
            resource: "snagging",
            timestamp: madeAt,
            data: { reportId: report.id, priority: "critical", version: 1 },
          },
          {
            tempId: `h-${Date.now()}-2`,
            action: "status",
            resource: "snagging",
            timestamp: madeAt + 1000,
            data: { reportId: report.id, status: "resolved" },
          },
          {
            tempId: `h-${Date.now()}-3`,
            action: "create",
            resource: "snagging",
            timestamp: madeAt,
            data: { projectId, priority: "low" },
          },
        ],
      },
    });
    const results = (res.json() as { data: { results: { success: boolean; id: string }[] } }).data.results;
    expect(results.map((r) => r.success)).toEqual([true, true, true]);
    const entries = oldestFirst(await history(report.id));
    expect(entries.map((e) => e.type)).toEqual(["created", "edited", "status_changed"]);
    expect(entries[0]?.offline).toBeUndefined();
    for (const e of entries.slice(1)) {
      expect(e.offline?.receivedAt).toBe(e.at);
      expect(Math.abs((e.offline?.madeAt ?? 0) - Math.floor(madeAt / 1000))).toBeLessThanOrEqual(1);
    }
    const created = await history(results[2]?.id as string);
    expect(created.activity[0]).toMatchObject({ type: "created", offline: { madeAt: Math.floor(madeAt / 1000) } });
  });

  it("pages newest first by cursor", async () => {
    const report = await create();
    for (const priority of ["high", "low", "critical", "medium"]) await patch(report.id, { priority });
    const first = await history(report.id, owner.accessToken, "?limit=2");
    expect(first.activity).toHaveLength(2);
    expect(first.activity[0]?.changes?.[0]?.toText).toBe("Medium");
    const second = await history(report.id, owner.accessToken, `?limit=2&cursor=${first.nextCursor}`);
    const third = await history(report.id, owner.accessToken, `?limit=2&cursor=${second.nextCursor}`);
    expect([...first.activity, ...second.activity, ...third.activity].map((e) => e.type)).toEqual([
      "edited",
      "edited",
      "edited",
      "edited",
      "created",
    ]);
    expect(third.nextCursor).toBeNull();
    expectError(
      await t.request({
        method: "GET",
        url: `/api/snagging/${report.id}/activity?cursor=nope`,
        token: owner.accessToken,
      }),
      400,
    );
  });

  it("is read by the workspace only; another workspace's report is 404", async () => {
    const report = await create();
    expect((await history(report.id, teammate.accessToken)).activity).toHaveLength(1);
    for (const url of [`/api/snagging/${report.id}/activity`, `/api/snagging/${report.id}/overwrites`]) {
      expectError(await t.request({ method: "GET", url, token: stranger.accessToken }), 404);
      expectError(await t.request({ method: "GET", url }), 401);
    }
  });

  it("cannot be changed through any route, nor by a statement; deleting the report deletes its history", async () => {
    const report = await create();
    const [entry] = (await history(report.id)).activity;
    for (const method of ["PATCH", "PUT", "DELETE", "POST"] as const) {
      for (const url of [`/api/snagging/${report.id}/activity`, `/api/snagging/${report.id}/activity/${entry?.id}`]) {
        const res = await t.request({ method, url, token: owner.accessToken, payload: { summary: "rewritten" } });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    await expect(
      t.ctx.db
        .updateTable("report_activity")
        .set({ actor_name: "Mallory" })
        .where("report_id", "=", report.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
    expect((await history(report.id)).activity[0]).toEqual(entry);
    const before = await countRows(t, "report_activity");
    expect(
      (await t.request({ method: "DELETE", url: `/api/snagging/${report.id}`, token: owner.accessToken })).statusCode,
    ).toBe(204);
    expect(await countRows(t, "report_activity")).toBe(before - 1);
  });

  it("a refused change writes no history", async () => {
    const report = await create();
    const before = await countRows(t, "report_activity");
    expectError(await patch(report.id, { priority: "urgent" }), 400);
    expectError(await patch(report.id, { assignedTo: stranger.user.id }), 400);
    expectError(await patch(report.id, { version: "x", priority: "low" }), 400);
    expect(await countRows(t, "report_activity")).toBe(before);
  });

  it("two sessions changing different fields from one version merge", async () => {
    const report = await create();
    const form = {
      title: report.title,
      projectId,
      priority: "medium",
      dueDate: null,
      assignedTo: null,
      description: report.description,
    };
    // Both forms were opened on version 1 and send every field, as the edit form does.
    expect((await patch(report.id, { ...form, priority: "high", version: 1 })).statusCode).toBe(200);
    const res = await patch(report.id, { ...form, dueDate: 1_800_000_000, version: 1 }, teammate.accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const merged = (res.json() as { report: Report }).report;
    expect(merged).toMatchObject({ priority: "high", dueDate: 1_800_000_000, version: 3 });
    expect(await overwrites(report.id, owner.accessToken)).toEqual([]);
    expect(await overwrites(report.id, teammate.accessToken)).toEqual([]);
  });

  it("two sessions changing one field: the later wins, the history keeps both, the loser sees it and can restore", async () => {
    const report = await create();
    expect((await patch(report.id, { priority: "high", version: 1 })).statusCode).toBe(200);
    const res = await patch(report.id, { priority: "critical", version: 1 }, teammate.accessToken);
    expect((res.json() as { report: Report }).report.priority).toBe("critical");
    const [latest] = (await history(report.id)).activity;
    expect(latest?.changes?.[0]).toMatchObject({
      field: "priority",
      fromText: "High",
      toText: "Critical",
      replaced: { userId: owner.user.id, userName: "Olive Owner", text: "High" },
    });
    expect(latest?.summary).toBe("Sam Site changed Priority from High to Critical (replacing Olive's High)");

    const [notice] = await overwrites(report.id, owner.accessToken);
    expect(notice).toMatchObject({
      field: "priority",
      yourText: "High",
      theirText: "Critical",
      byName: "Sam Site",
      restore: { priority: "high" },
    });
    expect(await overwrites(report.id, teammate.accessToken)).toEqual([]);
    // In the reader's language: the field's name and both values (issue 35).
    await t.ctx.db.updateTable("users").set({ locale: "pl" }).where("id", "=", owner.user.id).execute();
    expect((await overwrites(report.id, owner.accessToken))[0]).toMatchObject({
      label: "Priorytet",
      yourText: "Wysoki",
      theirText: "Krytyczny",
      restore: { priority: "high" },
    });
    await t.ctx.db.updateTable("users").set({ locale: "en-GB" }).where("id", "=", owner.user.id).execute();
    // Restore: the owner's value back, on the current version; the notice is gone.
    const restored = await patch(report.id, { ...notice?.restore, version: 3 });
    expect((restored.json() as { report: Report }).report.priority).toBe("high");
    expect(await overwrites(report.id, owner.accessToken)).toEqual([]);
  });

  it("an offline change made before another person's change loses to it, and its author is told", async () => {
    const report = await create();
    const madeAt = Date.now() - 60_000;
    expect((await patch(report.id, { priority: "critical", version: 1 }, teammate.accessToken)).statusCode).toBe(200);
    const sync = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: owner.accessToken,
      payload: {
        items: [
          {
            tempId: `lose-${Date.now()}`,
            action: "update",
            resource: "snagging",
            timestamp: madeAt,
            data: { reportId: report.id, priority: "low", dueDate: 1_800_000_000, version: 1 },
          },
        ],
      },
    });
    expect((sync.json() as { data: { results: { success: boolean }[] } }).data.results[0]?.success).toBe(true);
    const now = (
      await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: owner.accessToken })
    ).json() as { report: Report };
    // The newer online value stands; the offline change's other field merged in.
    expect(now.report).toMatchObject({ priority: "critical", dueDate: 1_800_000_000 });
    const [entry] = (await history(report.id)).activity;
    expect(entry?.changes?.find((c) => c.field === "priority")).toMatchObject({
      toText: "Low",
      supersededBy: { userName: "Sam Site", text: "Critical" },
    });
    const [notice] = await overwrites(report.id, owner.accessToken);
    expect(notice).toMatchObject({
      field: "priority",
      yourText: "Low",
      theirText: "Critical",
      byName: "Sam Site",
      restore: { priority: "low" },
    });
  });

  it("refuses an edit from a version far behind or not yet made, and changes nothing", async () => {
    const report = await create();
    for (let i = 0; i < 52; i += 1) await patch(report.id, { priority: i % 2 ? "high" : "low" });
    const before = await countRows(t, "report_activity");
    const stale = await patch(report.id, { priority: "critical", version: 1 });
    expectError(
      stale,
      409,
      "This report has changed 52 times since you opened it. Reload it and make your change again.",
    );
    expectError(await patch(report.id, { priority: "critical", version: 999 }), 409);
    expect(await countRows(t, "report_activity")).toBe(before);
  });
});
