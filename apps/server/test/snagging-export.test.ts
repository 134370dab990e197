// The PDF and CSV exports, read back: pdftotext/pdfimages (poppler-utils) for the PDF, csv-parse for the CSV.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { writePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Report } from "@sitesnag/shared/snagging";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/ids";
import { CSV_BATCH } from "../src/snagging/snagging.export";
import { withSearchText } from "../src/snagging/snagging.repository";
import { expectError } from "./assertions";
import { createProject, insertAttachment, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

const run = promisify(execFile);

async function pdfTools(pdf: Buffer): Promise<{ text: string; images: string[] }> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-pdf-"));
  try {
    const file = path.join(folder, "report.pdf");
    await writeFile(file, pdf);
    const { stdout: text } = await run("pdftotext", ["-raw", file, "-"]);
    const { stdout: list } = await run("pdfimages", ["-list", file]);
    return {
      text,
      images: list
        .split("\n")
        .slice(2)
        .filter((l) => l.trim() !== ""),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe.each(DIALECTS)("report exports (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let report: Report;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Zoë", lastName: "Builder" });
    stranger = await signUp(t);
    const project = await createProject(t, owner.accessToken, {
      name: "Riverside — Block B",
      clientName: "Thameside Homes",
    });
    const description = writePhotoDescription([
      { location: "Flat 2.04 kitchen", description: "Cracked floor tile" },
      { location: "Stair core B", description: "Loose handrail" },
    ]);
    const body = await multipart(
      {
        projectId: project.id,
        priority: "critical",
        description,
        dueDate: "1798675200",
        locationLat: "51.5073509",
        locationLng: "-0.1277583",
      },
      [
        { name: "a.jpg", data: await jpegPhoto({ seed: 1 }) },
        { name: "b.jpg", data: await jpegPhoto({ seed: 2, width: 480, height: 640 }) },
      ],
    );
    const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    report = (res.json() as { report: Report }).report;
    const formula = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId: project.id, priority: "low", description: '=HYPERLINK("http://evil.example","x")' },
    });
    expect(formula.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it("streams an A4 PDF holding the reference, details, photo locations, every SHA-256 and the images", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/snagging/${report.id}/download-pdf`,
      token: owner.accessToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="snagging-report-${report.id}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const { text, images } = await pdfTools(res.rawPayload);
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      report.title,
      "Riverside — Block B",
      "Thameside Homes",
      "Zoë Builder",
      "Critical",
      "Dec 31, 2026",
      "51.507351, -0.127758",
      "Flat 2.04 kitchen",
      "Cracked floor tile",
      "Stair core B",
      "Loose handrail",
    ]) {
      expect(flat, expected).toContain(expected);
    }
    const pages = [...flat.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages).toEqual(pages.map((_, i) => [i + 1, pages.length]));
    expect(flat).toMatch(/Generated [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M UTC/);
    for (const attachment of report.attachments) {
      const sha = attachment.sha256 as string;
      expect(flat).toContain(`${sha.slice(0, 32)} ${sha.slice(32)}`);
    }
    // pdfimages -list: one row per embedded image, with its pixel size.
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/\s640\s+480\s/);
    expect(images[1]).toMatch(/\s480\s+640\s/);
  });

  it("keeps a long description whole across pages, and marks a photo missing from storage", async () => {
    // Its own account, so the CSV test below still sees exactly the owner's two reports.
    const writer = await signUp(t);
    const project = await createProject(t, writer.accessToken);
    const long = Array.from({ length: 150 }, (_, i) => `Sentence ${i} of a long defect note.`).join(" ");
    const body = await multipart(
      {
        projectId: project.id,
        priority: "low",
        description: writePhotoDescription([{ location: "Roof", description: long }]),
      },
      [{ name: "a.jpg", data: await jpegPhoto() }],
    );
    const created = (
      (await t.request({ method: "POST", url: "/api/snagging", token: writer.accessToken, ...body })).json() as {
        report: Report;
      }
    ).report;
    await t.ctx.storage.delete([String(created.attachments[0]?.file_path).slice("/files/".length)]);
    const res = await t.request({
      method: "GET",
      url: `/api/snagging/${created.id}/download-pdf`,
      token: writer.accessToken,
    });
    expect(res.statusCode).toBe(200);
    const { text, images } = await pdfTools(res.rawPayload);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Image not found");
    expect(flat).toContain("Sentence 0 of a long defect note.");
    expect(flat).toContain("Sentence 149 of a long defect note.");
    expect(images).toHaveLength(0);
    const pages = [...flat.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages).toEqual(pages.map((_, i) => [i + 1, pages.length]));
  });

  it("wraps a long run without a space at the line's end, keeping every character", async () => {
    // pdfkit broke such a word one character at a time, re-measuring the rest each time: a
    // 20,000-character run took ~4 s of a PDF worker per download (now ~60 ms; bench:snagging), which
    // one visitor could repeat until every workspace's PDFs stalled. One page's worth here, so the
    // text reads back without page furniture in between.
    const writer = await signUp(t);
    const project = await createProject(t, writer.accessToken);
    const run = `${"x".repeat(799)}é${"y".repeat(800)}`;
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: writer.accessToken,
      payload: { projectId: project.id, priority: "low", description: run },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { report: Report }).report.id;
    const pdf = await t.request({ method: "GET", url: `/api/snagging/${id}/download-pdf`, token: writer.accessToken });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfTools(pdf.rawPayload);
    // Only line breaks and the invisible break opportunities were added, and the lines are full.
    expect(text.replace(/[\s\u200B]/g, "")).toContain(run);
    const lines = text.split("\n").filter((line) => /^[xyé\u200B]+$/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(19);
    for (const line of lines.slice(0, -1)) expect(line.replace(/\u200B/g, "").length).toBeGreaterThan(70);
  });

  it("lets one account have PDFS_PER_USER PDFs in the pool at once; others' downloads go on", async () => {
    const [writer, other] = [await signUp(t), await signUp(t)];
    const mine = await createProject(t, writer.accessToken);
    const theirs = await createProject(t, other.accessToken);
    const create = async (token: string, projectId: string) =>
      (
        (
          await t.request({
            method: "POST",
            url: "/api/snagging",
            token,
            payload: { projectId, priority: "low", description: "Scuffed skirting" },
          })
        ).json() as { report: Report }
      ).report.id;
    const [myReport, theirReport] = [
      await create(writer.accessToken, mine.id),
      await create(other.accessToken, theirs.id),
    ];
    const download = (token: string, id: string) =>
      t.request({ method: "GET", url: `/api/snagging/${id}/download-pdf`, token });
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => download(writer.accessToken, myReport)),
      download(other.accessToken, theirReport),
    ]);
    const mineAnswered = answers.slice(0, 8);
    expect(mineAnswered.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    expect(mineAnswered.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const refused = mineAnswered.filter((r) => r.statusCode === 429);
    // Eight at once against a limit of three: some are refused. Not necessarily five: a PDF that is
    // done before the last requests arrive gives its place back (CI saw 4 of 8 refused).
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(mineAnswered.length - refused.length).toBeLessThan(8);
    expectError(
      refused[0] as (typeof answers)[number],
      429,
      "You already have 3 PDFs being prepared. Please wait for them to finish, then try again.",
    );
    expect(refused[0]?.headers["retry-after"]).toBe("5");
    expect(answers[8]?.statusCode).toBe(200);
    // The slots are given back: the next download goes through.
    expect((await download(writer.accessToken, myReport)).statusCode).toBe(200);
  });

  it("answers 404 for another workspace's report, 401 without a token", async () => {
    expectError(
      await t.request({ method: "GET", url: `/api/snagging/${report.id}/download-pdf`, token: stranger.accessToken }),
      404,
    );
    expectError(await t.request({ method: "GET", url: `/api/snagging/${report.id}/download-pdf` }), 401);
  });

  it("exports the workspace's reports as CSV with a BOM, neutralising formula cells", async () => {
    const res = await t.request({ method: "GET", url: "/api/snagging/export/csv", token: owner.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="snagging-reports.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    const withPhotos = rows.find((r) => r.Reference === report.title);
    expect(withPhotos).toMatchObject({
      Project: "Riverside — Block B",
      Status: "open",
      Priority: "critical",
      Category: "other",
      Trade: "Other",
      "Created by": "Zoë Builder",
      "Due date": "2026-12-31",
      Latitude: "51.5073509",
      Longitude: "-0.1277583",
      Photos: "2",
    });
    const formula = rows.find((r) => r.Reference !== report.title);
    expect(formula?.Description).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(formula?.Photos).toBe("0");
  });

  it("exports only the caller's workspace", async () => {
    const res = await t.request({ method: "GET", url: "/api/snagging/export/csv", token: stranger.accessToken });
    expect(parse(res.body, { bom: true, columns: true })).toEqual([]);
    expectError(await t.request({ method: "GET", url: "/api/snagging/export/csv" }), 401);
  });
});

describe.each(DIALECTS)("CSV export of a large workspace (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("streams every report once, newest first, across many batches, with photo counts", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken, { name: "Big site" });
    // 1,234 reports, three per second, so batches end inside a run of equal created_at.
    const total = 2 * CSV_BATCH + 234;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: newId(),
      workspace_id: owner.user.workspaceId,
      project_id: project.id,
      title: `SNAG-20260101-${String(10_000 + i)}`,
      description: `Defect ${i}`,
      status: "open" as const,
      priority: "low" as const,
      category: "other" as const,
      created_at: 1_700_000_000 + Math.floor(i / 3),
      updated_at: 1_700_000_000,
    }));
    for (let i = 0; i < total; i += 250) {
      await t.ctx.db
        .insertInto("snagging_reports")
        .values(rows.slice(i, i + 250).map(withSearchText))
        .execute();
    }
    const withPhotos = [rows[0], rows[CSV_BATCH], rows[total - 1]].map((r) => r as (typeof rows)[number]);
    for (const r of withPhotos) await insertAttachment(t, { id: r.id, workspace_id: owner.user.workspaceId });
    const res = await t.request({ method: "GET", url: "/api/snagging/export/csv", token: owner.accessToken });
    expect(res.statusCode).toBe(200);
    const parsed = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    const expected = [...rows].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? 1 : -1));
    expect(parsed.map((r) => r.Reference)).toEqual(expected.map((r) => r.title));
    const photoTitles = new Set(withPhotos.map((r) => r.title));
    for (const row of parsed) expect(row.Photos, row.Reference).toBe(photoTitles.has(row.Reference ?? "") ? "1" : "0");
  });
});
