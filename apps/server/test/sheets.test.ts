import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Sheet } from "@sitesnag/shared/sheets";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revisionFileKeys, tileNames } from "../src/sheets/sheet-files";
import { countRows, expectError, expectFieldError } from "./assertions";
import { damagedPdf, drawingPdf } from "./drawings";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { listFiles, multipart } from "./images";

const run = promisify(execFile);

describe.each(DIALECTS)("drawings and pins (%s)", (kind) => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let otherProjectId: string;
  let bobProjectId: string;
  let sheets: Sheet[];
  let bobSheet: Sheet;
  const filesRoot = () => path.join(t.dataDir, "files");

  const upload = async (
    token: string,
    project: string,
    file: Buffer,
    name: string,
    fields: Record<string, string> = {},
  ) => {
    const body = await multipart(fields, [{ name, data: file, type: "application/octet-stream" }], "file");
    return t.request({
      method: "POST",
      url: `/api/projects/${project}/sheets`,
      token,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const getSheet = async (id: string, token = alice.accessToken) =>
    (await t.request({ method: "GET", url: `/api/sheets/${id}`, token })).json().sheet as Sheet;
  /** Polls until the sheet's current revision is settled (rendering runs off the request path). */
  const settled = async (id: string, token = alice.accessToken): Promise<Sheet> => {
    for (let i = 0; i < 600; i += 1) {
      const sheet = await getSheet(id, token);
      if (sheet.status !== "processing") return sheet;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("sheet never settled");
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await signUp(t, { firstName: "Alice" });
    bob = await signUp(t, { firstName: "Bob" });
    projectId = (await createProject(t, alice.accessToken, { name: "Tower" })).id;
    otherProjectId = (await createProject(t, alice.accessToken, { name: "Annex" })).id;
    bobProjectId = (await createProject(t, bob.accessToken, { name: "Bob's" })).id;
    const res = await upload(alice.accessToken, projectId, await drawingPdf({ pages: 3 }), "Tower plans.pdf", {
      level: "Block A",
    });
    expect(res.statusCode).toBe(201);
    sheets = res.json().sheets;
    const bobRes = await upload(
      bob.accessToken,
      bobProjectId,
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      "b.png",
    );
    expect(bobRes.statusCode).toBe(201);
    bobSheet = bobRes.json().sheets[0];
  }, 120_000);
  afterAll(() => t.close());

  it("makes one sheet per page, processing at first, named from the file and page", () => {
    expect(sheets.map((s) => [s.name, s.pageNumber, s.level, s.revision])).toEqual([
      ["Tower plans – page 1", 1, "Block A", 1],
      ["Tower plans – page 2", 2, "Block A", 1],
      ["Tower plans – page 3", 3, "Block A", 1],
    ]);
    for (const s of sheets) expect(["processing", "ready"]).toContain(s.status);
  });

  it("renders every page to a Deep Zoom pyramid served from /files, read back as JPEG tiles", async () => {
    for (const s of sheets) {
      const sheet = await settled(s.id);
      expect(sheet.status).toBe("ready");
      // A3 (841.89 × 1190.55 pt) at 200 dpi: 2339 × 3307 px (portrait).
      expect(sheet.width).toBe(2339);
      expect(sheet.height).toBe(3307);
      expect(sheet.maxLevel).toBe(12);
      expect(sheet.tileUrl).toMatch(/^\/files\/sheets\/[0-9a-f]{32}\/\{level\}\/\{col\}-\{row\}\.jpg$/);
      const tile = await t.request({
        method: "GET",
        url: (sheet.tileUrl as string).replace("{level}", "12").replace("{col}", "1").replace("{row}", "2"),
      });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers["content-type"]).toBe("image/jpeg");
      const meta = await sharp(tile.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([256, 256]);
      const thumb = await t.request({ method: "GET", url: sheet.thumbnailUrl as string });
      expect(thumb.statusCode).toBe(200);
      expect(
        Math.max(...[await sharp(thumb.rawPayload).metadata()].map((m) => Math.max(m.width ?? 0, m.height ?? 0))),
      ).toBe(400);
      expect(sheet.tileBytes).toBeGreaterThan(10_000);
    }
    // Every tile the pyramid formula names was stored: deletion can rely on it.
    const sheet = await getSheet(sheets[0]?.id as string);
    const prefix = (sheet.tileUrl as string).split("/").slice(2, 4).join("/");
    const stored = (await listFiles(filesRoot())).filter((f) => f.startsWith(`${prefix}/`));
    expect(stored.sort()).toEqual(revisionFileKeys(prefix, sheet.width, sheet.height).sort());
    expect(tileNames(sheet.width, sheet.height).length).toBeGreaterThan(100);
  }, 120_000);

  it("lists the project's sheets with pin counts, and renames and labels one", async () => {
    const list = await t.request({ method: "GET", url: `/api/projects/${projectId}/sheets`, token: alice.accessToken });
    expect(list.statusCode).toBe(200);
    const body = list.json() as { sheets: Sheet[] };
    expect(body.sheets.map((s) => s.id)).toEqual(sheets.map((s) => s.id));
    expect(body.sheets[0]?.pinCounts).toEqual({ open: 0, "in-progress": 0, resolved: 0, closed: 0 });
    const patch = await t.request({
      method: "PATCH",
      url: `/api/sheets/${sheets[0]?.id}`,
      token: alice.accessToken,
      payload: { name: "Level 1", level: "L1" },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().sheet).toMatchObject({ name: "Level 1", level: "L1" });
    expectFieldError(
      await t.request({
        method: "PATCH",
        url: `/api/sheets/${sheets[0]?.id}`,
        token: alice.accessToken,
        payload: { name: " " },
      }),
      "name",
      "Sheet name is required",
    );
  });

  it("places, moves and removes a report's pin on create, PATCH and sync, and counts it", async () => {
    const sheetId = sheets[0]?.id as string;
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: alice.accessToken,
      payload: { projectId, priority: "high", sheetId, pinX: 0.25, pinY: 0.75 },
    });
    expect(created.statusCode).toBe(201);
    const report = created.json().report as Report;
    expect([report.sheetId, report.pinX, report.pinY]).toEqual([sheetId, 0.25, 0.75]);
    const listed = (
      await t.request({ method: "GET", url: `/api/snagging?projectId=${projectId}`, token: alice.accessToken })
    ).json().reports as Report[];
    expect(listed.find((r) => r.id === report.id)).toMatchObject({ sheetId, pinX: 0.25, pinY: 0.75 });

    const moved = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: alice.accessToken,
      payload: { sheetId, pinX: 0.5, pinY: 0.1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().report).toMatchObject({ sheetId, pinX: 0.5, pinY: 0.1, status: "open" });
    expect((await getSheet(sheetId)).pinCounts.open).toBe(1);

    const synced = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: alice.accessToken,
      payload: {
        items: [
          {
            tempId: "pin-1",
            action: "create",
            resource: "snagging",
            data: { projectId, priority: "low", sheetId, pinX: 0.9, pinY: 0.9 },
          },
          {
            tempId: "pin-2",
            action: "update",
            resource: "snagging",
            data: { reportId: report.id, sheetId, pinX: 0.6, pinY: 0.6 },
          },
        ],
      },
    });
    expect(synced.statusCode).toBe(200);
    const results = synced.json().data.results as { success: boolean; id: string }[];
    expect(results.map((r) => r.success)).toEqual([true, true]);
    const viaSync = (
      await t.request({ method: "GET", url: `/api/snagging/${results[0]?.id}`, token: alice.accessToken })
    ).json().report as Report;
    expect(viaSync).toMatchObject({ sheetId, pinX: 0.9, pinY: 0.9 });
    expect(
      (await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: alice.accessToken })).json().report,
    ).toMatchObject({
      pinX: 0.6,
      pinY: 0.6,
    });

    const removed = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: alice.accessToken,
      payload: { sheetId: null },
    });
    expect(removed.json().report).toMatchObject({ sheetId: null, pinX: null, pinY: null });
  });

  it("prints a crop of the plan around the pin in the report's PDF", async () => {
    const sheetId = sheets[0]?.id as string;
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: alice.accessToken,
      payload: { projectId, priority: "high", sheetId, pinX: 0.4, pinY: 0.6 },
    });
    const id = created.json().report.id as string;
    const pdf = await t.request({ method: "GET", url: `/api/snagging/${id}/download-pdf`, token: alice.accessToken });
    expect(pdf.statusCode).toBe(200);
    const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-plan-pdf-"));
    try {
      const file = path.join(folder, "r.pdf");
      await writeFile(file, pdf.rawPayload);
      const { stdout: text } = await run("pdftotext", ["-raw", file, "-"]);
      const { stdout: list } = await run("pdfimages", ["-list", file]);
      expect(text).toContain("ON THE PLAN");
      expect(text).toContain("Level 1 · L1");
      // One embedded image: the crop, 30% of the preview's width (1132 px for A3 portrait), 3 : 2.
      const rows = list
        .split("\n")
        .slice(2)
        .filter((l) => l.trim() !== "");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(/\s340\s+227\s/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("refuses half a pin, positions outside 0–1, and a sheet of another project or workspace like an unknown one", async () => {
    const sheetId = sheets[1]?.id as string;
    const before = await countRows(t, "snagging_reports");
    const post = (data: Record<string, unknown>) =>
      t.request({
        method: "POST",
        url: "/api/snagging",
        token: alice.accessToken,
        payload: { priority: "high", projectId, ...data },
      });
    expectFieldError(
      await post({ sheetId, pinX: 0.5 }),
      "pinX",
      "A pin needs its sheet and both positions (pinX and pinY), or none of them",
    );
    expectFieldError(
      await post({ pinX: 0.5, pinY: 0.5 }),
      "pinX",
      "A pin needs its sheet and both positions (pinX and pinY), or none of them",
    );
    expectFieldError(
      await post({ sheetId, pinX: 1.5, pinY: 0.5 }),
      "pinX",
      "Pin position must be a number from 0 to 1",
    );
    expectFieldError(
      await post({ sheetId, pinX: "left", pinY: 0.5 }),
      "pinX",
      "Pin position must be a number from 0 to 1",
    );
    const unknown = await post({ sheetId: "0198a7c0-0000-7000-8000-000000000000", pinX: 0.5, pinY: 0.5 });
    expectFieldError(unknown, "sheetId", "Sheet not found");
    expect((await post({ projectId: otherProjectId, sheetId, pinX: 0.5, pinY: 0.5 })).json()).toEqual(unknown.json());
    expect((await post({ sheetId: bobSheet.id, pinX: 0.5, pinY: 0.5 })).json()).toEqual(unknown.json());
    expect(await countRows(t, "snagging_reports")).toBe(before);
  });

  it("keeps pins through a new revision, and earlier revisions stay viewable", async () => {
    const sheetId = sheets[2]?.id as string;
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: alice.accessToken,
      payload: { projectId, priority: "high", sheetId, pinX: 0.3, pinY: 0.4 },
    });
    const first = await settled(sheetId);
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const body = await multipart({}, [{ name: "rev2.png", data: png }], "file");
    const res = await t.request({
      method: "POST",
      url: `/api/sheets/${sheetId}/revisions`,
      token: alice.accessToken,
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().sheet.revision).toBe(2);
    const second = await settled(sheetId);
    expect([second.status, second.width, second.height]).toEqual(["ready", 1200, 800]);
    expect(second.revisions?.map((r) => [r.revision, r.status])).toEqual([
      [2, "ready"],
      [1, "ready"],
    ]);
    expect(second.revisions?.[1]?.tileUrl).toBe(first.tileUrl);
    const oldTile = await t.request({
      method: "GET",
      url: (first.tileUrl as string).replace("{level}", "0").replace("{col}", "0").replace("{row}", "0"),
    });
    expect(oldTile.statusCode).toBe(200);
    const report = (
      await t.request({ method: "GET", url: `/api/snagging/${created.json().report.id}`, token: alice.accessToken })
    ).json().report;
    expect(report).toMatchObject({ sheetId, pinX: 0.3, pinY: 0.4 });
  }, 120_000);

  it("refuses bad files with a sentence naming the problem and stores nothing", async () => {
    await settled(sheets[0]?.id as string);
    const files = await listFiles(filesRoot());
    const rows = await countRows(t, "sheets");
    const cases: [Buffer, string, number, RegExp][] = [
      [Buffer.from("just some text, not a drawing"), "notes.pdf", 415, /'notes.pdf' is not a PDF, JPEG or PNG file/],
      [await drawingPdf({ pages: 1, userPassword: "secret" }), "locked.pdf", 400, /protected by a password/],
      [await damagedPdf(), "broken.pdf", 400, /damaged and cannot be read/],
      [
        await drawingPdf({ pages: 101, size: "A6" }),
        "many.pdf",
        413,
        /has 101 pages; a drawing set can have at most 100/,
      ],
      [await drawingPdf({ pages: 1, size: [15_000, 2_000] }), "huge.pdf", 413, /Page 1 of this PDF is 5292 × 706 mm/],
      [
        await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: "#fff" } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        "bomb.png",
        413,
        /12000 × 9000 pixels, more than the 100 megapixels/,
      ],
    ];
    for (const [file, name, status, message] of cases) {
      const res = await upload(alice.accessToken, projectId, file, name);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expectError(await upload(alice.accessToken, projectId, Buffer.alloc(0), "empty.pdf"), 400, "'empty.pdf' is empty.");
    expect(await countRows(t, "sheets")).toBe(rows);
    expect(await listFiles(filesRoot())).toEqual(files);
    // The pool still works after all that.
    const ok = await upload(alice.accessToken, otherProjectId, await drawingPdf({ pages: 1, size: "A5" }), "ok.pdf");
    expect(ok.statusCode).toBe(201);
    expect((await settled(ok.json().sheets[0].id)).status).toBe("ready");
  }, 180_000);

  it("keeps every sheet route to its own workspace: another workspace's ids answer 404", async () => {
    const id = sheets[1]?.id as string;
    const body = await multipart(
      {},
      [
        {
          name: "x.png",
          data: await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
            .png()
            .toBuffer(),
        },
      ],
      "file",
    );
    const answers = [
      await t.request({ method: "GET", url: `/api/sheets/${id}`, token: bob.accessToken }),
      await t.request({ method: "PATCH", url: `/api/sheets/${id}`, token: bob.accessToken, payload: { name: "Mine" } }),
      await t.request({ method: "DELETE", url: `/api/sheets/${id}`, token: bob.accessToken }),
      await t.request({
        method: "POST",
        url: `/api/sheets/${id}/revisions`,
        token: bob.accessToken,
        payload: body.payload,
        headers: body.headers,
      }),
    ];
    for (const res of answers) expectError(res, 404, "Sheet not found");
    expectError(
      await t.request({ method: "GET", url: `/api/projects/${projectId}/sheets`, token: bob.accessToken }),
      404,
      "Project not found",
    );
    expectError(
      await upload(bob.accessToken, projectId, await drawingPdf({ pages: 1 }), "x.pdf"),
      404,
      "Project not found",
    );
    expect((await getSheet(id)).name).toBe(sheets[1]?.name);
  });

  it("deletes a sheet with its files; its reports stay, without their pin", async () => {
    const sheetId = sheets[1]?.id as string;
    const sheet = await settled(sheetId);
    const created = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: alice.accessToken,
      payload: { projectId, priority: "high", sheetId, pinX: 0.5, pinY: 0.5 },
    });
    const prefix = (sheet.tileUrl as string).split("/").slice(2, 4).join("/");
    expect((await listFiles(filesRoot())).some((f) => f.startsWith(`${prefix}/`))).toBe(true);
    const res = await t.request({ method: "DELETE", url: `/api/sheets/${sheetId}`, token: alice.accessToken });
    expect(res.statusCode).toBe(204);
    expectError(
      await t.request({ method: "GET", url: `/api/sheets/${sheetId}`, token: alice.accessToken }),
      404,
      "Sheet not found",
    );
    expect((await listFiles(filesRoot())).some((f) => f.startsWith(`${prefix}/`))).toBe(false);
    const report = (
      await t.request({ method: "GET", url: `/api/snagging/${created.json().report.id}`, token: alice.accessToken })
    ).json().report;
    expect(report).toMatchObject({ sheetId: null, pinX: null, pinY: null });
  });
});
