// BCF export and import (issue 38): what is written is validated against buildingSMART's published
// XSDs (BCF-XML 2.1 and 3.0, under fixtures/bcf with their licence) by xmllint, a validator we did
// not write; a round trip through a second project (and a second workspace) keeps titles and
// comments; importing the same topics again updates instead of adding; hostile archives (built
// here) are refused with a sentence and leave nothing behind.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { MAX_BCF_TOPICS } from "@sitesnag/shared/bcf";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { createProject, insertReport, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart, pngImage } from "./images";

const run = promisify(execFile);
const XSD = path.join(import.meta.dirname, "fixtures", "bcf");

type Report = {
  id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  attachments: unknown[];
};
type Comment = { body: string; authorName: string };

async function validate(version: "2.1" | "3.0", file: string, xsd: string) {
  const { stderr } = await run("xmllint", ["--noout", "--nonet", "--schema", path.join(XSD, version, xsd), file]);
  expect(stderr).toContain("validates");
}

const GUID = (n: number) => `0000${String(n).padStart(4, "0")}-1111-4222-8333-${String(n).padStart(12, "0")}`;

function topicXml(guid: string, title: string, extra = "") {
  return `<?xml version="1.0" encoding="UTF-8"?><Markup><Topic Guid="${guid}" TopicType="Issue" TopicStatus="Active"><Title>${title}</Title><CreationDate>2026-01-02T10:00:00Z</CreationDate><CreationAuthor>bim@example.com</CreationAuthor>${extra}</Topic></Markup>`;
}

const VERSION_30 = '<?xml version="1.0" encoding="UTF-8"?><Version VersionId="3.0"/>';

describe.each(DIALECTS)("BCF (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let source: string;
  let scratch: string;
  const reports: Report[] = [];
  const at = (i: number) => reports[i] as Report;

  const exportBcf = (projectId: string, query = "", token = owner.accessToken) =>
    t.request({ method: "GET", url: `/api/projects/${projectId}/bcf${query}`, token });
  const importBcf = async (projectId: string, zip: Uint8Array, token = owner.accessToken) => {
    const body = await multipart(
      {},
      [{ name: "issues.bcfzip", data: Buffer.from(zip), type: "application/zip" }],
      "file",
    );
    return t.request({ method: "POST", url: `/api/projects/${projectId}/bcf`, token, ...body });
  };
  const listReports = async (projectId: string, token = owner.accessToken) => {
    const res = await t.request({ method: "GET", url: `/api/snagging?projectId=${projectId}`, token });
    return (res.json() as { reports: Report[] }).reports;
  };
  const listComments = async (reportId: string, token = owner.accessToken) => {
    const res = await t.request({ method: "GET", url: `/api/snagging/${reportId}/comments`, token });
    return (res.json() as { comments: Comment[] }).comments;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    scratch = await mkdtemp(path.join(tmpdir(), "bcf-"));
    owner = await signUp(t, { firstName: "Zoë", lastName: "Builder" });
    other = await signUp(t);
    source = (await createProject(t, owner.accessToken, { name: "Quay <House> & Co" })).id;
    const make = async (fields: Record<string, string>, photo: boolean) => {
      const files = photo ? [{ name: "crack.jpg", data: await jpegPhoto({ width: 2400, height: 1600 }) }] : [];
      const body = await multipart({ projectId: source, priority: "high", ...fields }, files);
      const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { report: Report }).report;
    };
    reports.push(
      await make(
        {
          description: '📷 Photo 1 - Hall: Cracked tile <by> the lift & "stairs"',
          assignedTo: owner.user.id,
          dueDate: "1893456000",
        },
        true,
      ),
    );
    reports.push(await make({ description: "", priority: "low", category: "plumbing" }, false));
    reports.push(await make({ description: "Apostrophe's \u{1F477} quotes", priority: "critical" }, false));
    const comment = async (id: string, body: string) => {
      const res = await t.request({
        method: "POST",
        url: `/api/snagging/${id}/comments`,
        token: owner.accessToken,
        payload: { body },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await comment(at(0).id, "First look: <needs> a tiler & grout");
    await comment(at(0).id, "Tiler booked");
    await comment(at(2).id, "Only comment");
    const closed = await t.request({
      method: "PATCH",
      url: `/api/snagging/${at(1).id}`,
      token: owner.accessToken,
      payload: { status: "closed" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await t?.close();
  });

  for (const version of ["2.1", "3.0"] as const) {
    it(`exports BCF ${version} that validates against buildingSMART's XSDs`, async () => {
      const res = await exportBcf(source, `?version=${version}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-disposition"]).toContain(`bcf-${version}.bcfzip`);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const names = Object.keys(files).sort();
      const dir = path.join(scratch, version);
      for (const name of names) {
        await run("mkdir", ["-p", path.dirname(path.join(dir, name))]);
        await writeFile(path.join(dir, name), files[name] as Uint8Array);
      }
      await validate(version, path.join(dir, "bcf.version"), "version.xsd");
      const markups = names.filter((n) => n.endsWith("/markup.bcf"));
      expect(markups.map((n) => n.split("/")[0]).sort()).toEqual(reports.map((r) => r.id).sort());
      for (const name of markups) await validate(version, path.join(dir, name), "markup.xsd");
      if (version === "3.0") await validate(version, path.join(dir, "extensions.xml"), "extensions.xsd");
      // The first photo as a PNG snapshot of at most 1500 px; the reports without photos have none.
      const snapshots = names.filter((n) => n.endsWith("/snapshot.png"));
      expect(snapshots).toEqual([`${at(0).id}/snapshot.png`]);
      const png = files[snapshots[0] as string] as Uint8Array;
      expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const first = new TextDecoder().decode(files[`${at(0).id}/markup.bcf`]);
      expect(first).toContain("Cracked tile &lt;by&gt; the lift &amp; &quot;stairs&quot;");
      expect(first).toContain('TopicStatus="Open"');
      expect(first).toContain("<Priority>High</Priority>");
      expect(first).toContain(`<AssignedTo>${owner.user.email}</AssignedTo>`);
      expect(first).toContain("<DueDate>2030-01-01T00:00:00Z</DueDate>");
      expect(first).toContain("<Snapshot>snapshot.png</Snapshot>");
      expect(first).not.toContain("<Viewpoint>");
    });
  }

  it("a snag without photos pinned on a drawing gets the plan crop with its pin as snapshot", async () => {
    const project = (await createProject(t, owner.accessToken, { name: "Pinned" })).id;
    const upload = await multipart(
      {},
      [{ name: "plan.png", data: await pngImage(1200, 800), type: "image/png" }],
      "file",
    );
    const sheets = await t.request({
      method: "POST",
      url: `/api/projects/${project}/sheets`,
      token: owner.accessToken,
      ...upload,
    });
    const sheetId = (sheets.json() as { sheets: { id: string }[] }).sheets[0]?.id as string;
    await expect
      .poll(
        async () => {
          const res = await t.request({ method: "GET", url: `/api/sheets/${sheetId}`, token: owner.accessToken });
          return (res.json() as { sheet: { status: string } }).sheet.status;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe("ready");
    const pinned = await insertReport(
      t,
      { workspaceId: owner.user.workspaceId, projectId: project, userId: owner.user.id },
      { sheet_id: sheetId, pin_x: 0.25, pin_y: 0.5 },
    );
    const files = unzipSync(new Uint8Array((await exportBcf(project, "?version=3.0")).rawPayload));
    const png = files[`${pinned.id}/snapshot.png`] as Uint8Array;
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const dir = path.join(scratch, "pinned");
    await run("mkdir", ["-p", path.join(dir, String(pinned.id))]);
    await writeFile(path.join(dir, String(pinned.id), "markup.bcf"), files[`${pinned.id}/markup.bcf`] as Uint8Array);
    await validate("3.0", path.join(dir, String(pinned.id), "markup.bcf"), "markup.xsd");
    // Brought back into its own project, the snag keeps its photos: none is added from its plan.
    const zip = new Uint8Array((await exportBcf(project)).rawPayload);
    expect((await importBcf(project, zip)).json()).toEqual({ created: 0, updated: 1, comments: 0, photos: 0 });
  }, 60_000);

  it("exports only what the list's filters keep", async () => {
    const res = await exportBcf(source, "?status=closed");
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    expect(names.filter((n) => n.endsWith("markup.bcf"))).toEqual([`${at(1).id}/markup.bcf`]);
    expectError(await exportBcf(source, "?version=4.0"), 400, "BCF version must be 2.1 or 3.0");
  });

  it("answers 401 without a session and 404 for another workspace's or a malformed project", async () => {
    expectError(await t.request({ method: "GET", url: `/api/projects/${source}/bcf` }), 401);
    expectError(await exportBcf(source, "", other.accessToken), 404, "Project not found");
    expectError(await exportBcf("not-a-uuid"), 404, "Project not found");
    const zip = new Uint8Array((await exportBcf(source)).rawPayload);
    expectError(await importBcf(source, zip, other.accessToken), 404, "Project not found");
  });

  it("round-trips through another workspace: same titles and comments; again, nothing is duplicated", async () => {
    const zip = new Uint8Array((await exportBcf(source, "?version=3.0")).rawPayload);
    const target = (await createProject(t, other.accessToken, { name: "Their copy" })).id;
    const first = await importBcf(target, zip, other.accessToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 3, updated: 0, comments: 3, photos: 1 });
    const copied = await listReports(target, other.accessToken);
    expect(copied.map((r) => r.title).sort()).toEqual(reports.map((r) => r.title).sort());
    const byTitle = new Map(copied.map((r) => [r.title, r]));
    for (const original of reports) {
      const copy = byTitle.get(original.title) as Report;
      expect(copy.description).toBe(original.description);
      expect(copy.priority).toBe(original.priority);
      const [a, b] = [await listComments(original.id), await listComments(copy.id, other.accessToken)];
      expect(b.map((c) => c.body)).toEqual(a.map((c) => c.body));
      // Not a member there: the comment reads as the BIM tool's author wrote it.
      for (const c of b) expect(c.authorName).toBe(owner.user.email);
    }
    expect((byTitle.get(at(0).title) as Report).attachments).toHaveLength(1);
    expect((byTitle.get(at(1).title) as Report).status).toBe("closed");

    const again = await importBcf(target, zip, other.accessToken);
    expect(again.json()).toEqual({ created: 0, updated: 3, comments: 0, photos: 0 });
    const after = await listReports(target, other.accessToken);
    expect(after).toHaveLength(3);
    expect((after.find((r) => r.title === at(0).title) as Report).attachments).toHaveLength(1);
    expect(
      await listComments((after.find((r) => r.title === at(0).title) as Report).id, other.accessToken),
    ).toHaveLength(2);
    // And their export reads the same topics back (GUIDs kept).
    const back = unzipSync(new Uint8Array((await exportBcf(target, "?version=2.1", other.accessToken)).rawPayload));
    expect(
      Object.keys(back)
        .filter((n) => n.endsWith("markup.bcf"))
        .sort(),
    ).toEqual(reports.map((r) => `${r.id}/markup.bcf`).sort());
  });

  it("imports 2.1 into another project of the workspace with fresh references; into its own project it updates", async () => {
    const zip = new Uint8Array((await exportBcf(source, "?version=2.1")).rawPayload);
    const target = (await createProject(t, owner.accessToken, { name: "Second" })).id;
    const res = await importBcf(target, zip);
    expect(res.json()).toMatchObject({ created: 3, updated: 0, comments: 3 });
    const copied = await listReports(target);
    expect(copied.map((r) => r.description).sort()).toEqual(reports.map((r) => r.description).sort());
    for (const r of copied) expect(reports.map((o) => o.title)).not.toContain(r.title);
    const own = await importBcf(source, zip);
    expect(own.json()).toEqual({ created: 0, updated: 3, comments: 0, photos: 0 });
    expect(await listReports(source)).toHaveLength(3);
  });

  it("reads a BIM tool's topic: its title heads the description, statuses and labels map", async () => {
    const target = (await createProject(t, owner.accessToken, { name: "From BIMcollab" })).id;
    const zip = zipSync({
      "bcf.version": strToU8(
        '<?xml version="1.0"?><Version VersionId="2.1"><DetailedVersion>2.1</DetailedVersion></Version>',
      ),
      [`${GUID(7)}/markup.bcf`]: strToU8(
        `<?xml version="1.0"?><Markup><Topic Guid="${GUID(7).toUpperCase()}" TopicStatus="Done"><Title>Clash: duct &amp; beam</Title><Priority>Major</Priority><Labels>Plumbing</Labels><CreationDate>2026-01-02T10:00:00Z</CreationDate><CreationAuthor>a@b.c</CreationAuthor><Description>Level 2 &#8212; grid C4&#7;</Description></Topic><Comment Guid="${GUID(8)}"><Date>2026-01-03T10:00:00Z</Date><Author>${owner.user.email}</Author><Comment>Seen</Comment></Comment></Markup>`,
      ),
      [`${GUID(7)}/snapshot.png`]: await (await import("./images")).pngImage(),
    });
    const res = await importBcf(target, zip);
    expect(res.json()).toEqual({ created: 1, updated: 0, comments: 1, photos: 1 });
    const [report] = await listReports(target);
    expect(report).toMatchObject({
      description: "Clash: duct & beam\n\nLevel 2 — grid C4",
      status: "resolved",
      priority: "high",
    });
    expect(report?.title).toMatch(/^SNAG-\d{8}-\d{4}$/);
    const [comment] = await listComments((report as Report).id);
    expect(comment).toMatchObject({ body: "Seen", authorName: "Zoë Builder" });
  });

  describe("refuses hostile archives whole, with a sentence", () => {
    let target: string;
    beforeAll(async () => {
      target = (await createProject(t, owner.accessToken, { name: "Hostile" })).id;
    });
    const nothingImported = async () => expect(await listReports(target)).toHaveLength(0);
    const topics = (n: number) => {
      const files: Record<string, Uint8Array> = { "bcf.version": strToU8(VERSION_30) };
      for (let i = 0; i < n; i += 1) files[`${GUID(i)}/markup.bcf`] = strToU8(topicXml(GUID(i), `T${i}`));
      return zipSync(files, { level: 1 });
    };

    it("not a zip", async () => {
      expectError(
        await importBcf(target, strToU8("hello, this is text")),
        400,
        "The file is not a BCF archive (.bcfzip): it could not be read as a ZIP archive.",
      );
      expectError(await importBcf(target, new Uint8Array([0x50, 0x4b, 3, 4, ...new Array(40).fill(0)])), 400);
      await nothingImported();
    });

    it(`more than ${MAX_BCF_TOPICS} topics (and 10,000)`, async () => {
      for (const n of [MAX_BCF_TOPICS + 1, 10_000]) {
        expectError(
          await importBcf(target, topics(n)),
          413,
          "The BCF archive is refused: it holds more than 2,000 topics.",
        );
      }
      await nothingImported();
    }, 60_000);

    it("a zip bomb", async () => {
      const bomb = zipSync({
        "bcf.version": strToU8(VERSION_30),
        [`${GUID(1)}/markup.bcf`]: new Uint8Array(40 * 1024 * 1024).fill(0x20),
      });
      expect(bomb.length).toBeLessThan(200_000);
      expectError(
        await importBcf(target, bomb),
        413,
        "The BCF archive is refused: a file in it unpacks to far more than its packed size (a zip bomb).",
      );
      await nothingImported();
    });

    it("paths that leave the archive", async () => {
      for (const name of ["../evil/markup.bcf", "/etc/markup.bcf", `${GUID(1)}/../../markup.bcf`, "C:/x/markup.bcf"]) {
        const zip = zipSync({ "bcf.version": strToU8(VERSION_30), [name]: strToU8(topicXml(GUID(1), "x")) });
        expectError(
          await importBcf(target, zip),
          400,
          "The BCF archive is refused: it holds a file path that leaves its folder.",
        );
      }
      await nothingImported();
    });

    it("XML with external entities or billion laughs", async () => {
      const xxe = `<?xml version="1.0"?><!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]><Markup><Topic Guid="${GUID(1)}"><Title>&x;</Title></Topic></Markup>`;
      const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><Markup><Topic Guid="${GUID(1)}"><Title>&c;</Title></Topic></Markup>`;
      for (const xml of [xxe, laughs]) {
        const zip = zipSync({
          "bcf.version": strToU8(VERSION_30),
          [`${GUID(0)}/markup.bcf`]: strToU8(topicXml(GUID(0), "fine")),
          [`${GUID(1)}/markup.bcf`]: strToU8(xml),
        });
        expectError(
          await importBcf(target, zip),
          400,
          `The BCF archive is refused: '${GUID(1)}/markup.bcf' declares a DOCTYPE or entities.`,
        );
      }
      await nothingImported();
    });

    it("a damaged topic after good ones, a missing bcf.version, a bad snapshot: nothing half-imported", async () => {
      const broken = zipSync({
        "bcf.version": strToU8(VERSION_30),
        [`${GUID(0)}/markup.bcf`]: strToU8(topicXml(GUID(0), "fine")),
        [`${GUID(1)}/markup.bcf`]: strToU8(topicXml("not-a-guid", "bad")),
      });
      expectError(await importBcf(target, broken), 400);
      const noVersion = zipSync({ [`${GUID(0)}/markup.bcf`]: strToU8(topicXml(GUID(0), "fine")) });
      expectError(
        await importBcf(target, noVersion),
        400,
        "The file is not a BCF archive (.bcfzip): it has no bcf.version file.",
      );
      const badSnapshot = zipSync({
        "bcf.version": strToU8(VERSION_30),
        [`${GUID(0)}/markup.bcf`]: strToU8(topicXml(GUID(0), "fine")),
        [`${GUID(1)}/markup.bcf`]: strToU8(topicXml(GUID(1), "fine too")),
        [`${GUID(1)}/snapshot.png`]: strToU8("not a png at all"),
      });
      expectError(
        await importBcf(target, badSnapshot),
        400,
        `The BCF archive is refused: the snapshot of topic ${GUID(1)} is not a readable image.`,
      );
      await nothingImported();
    });

    it("a request that is not multipart, or without a file", async () => {
      expectError(
        await t.request({ method: "POST", url: `/api/projects/${target}/bcf`, token: owner.accessToken, payload: {} }),
        415,
        "Send the BCF archive as multipart form data in a field named 'file'.",
      );
      const empty = await multipart({ note: "x" });
      expectError(
        await t.request({ method: "POST", url: `/api/projects/${target}/bcf`, token: owner.accessToken, ...empty }),
        400,
        "Choose a .bcfzip file to import.",
      );
    });
  });
});
