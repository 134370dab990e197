// Photos named by hash (`photoHashes`, decisions 0025 and 0035) on the routes beside the report
// create: a comment, a report edit and marking a report fixed (PATCH with status resolved), on
// SQLite and PostgreSQL. A hash the workspace does not hold (never uploaded, or another
// workspace's) answers 409 naming it and writes nothing; the multipart forms keep working.
import path from "node:path";
import type { Comment } from "@sitesnag/shared/comments";
import type { Report } from "@sitesnag/shared/snagging";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, listFiles, multipart } from "./images";
import { sha256Of } from "./upload-client";

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DIALECTS)("photos by hash on comments, edits and fixes (%s)", (kind) => {
  let t: TestApp;
  let owner: Account;
  let other: Account;
  let projectId: string;
  let seed = 500;
  const photo = async (width = 320) => jpegPhoto({ seed: ++seed, width, height: 240 });

  const upload = async (bytes: Buffer, as = owner) => {
    const res = await t.request({
      method: "PUT",
      url: `/api/uploads/${sha256Of(bytes)}`,
      token: as.accessToken,
      payload: bytes,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return sha256Of(bytes);
  };
  const newReport = async (project = projectId) => {
    const form = await multipart({ projectId: project, priority: "high" }, [
      { name: "before.jpg", data: await photo() },
    ]);
    const res = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...form });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { report: Report }).report;
  };
  const getReport = async (id: string) =>
    (
      (await t.request({ method: "GET", url: `/api/snagging/${id}`, token: owner.accessToken })).json() as {
        report: Report;
      }
    ).report;
  const patch = (id: string, payload: object, as = owner) =>
    t.request({ method: "PATCH", url: `/api/snagging/${id}`, token: as.accessToken, payload });
  const postComment = (id: string, payload: object, headers: Record<string, string> = {}) =>
    t.request({ method: "POST", url: `/api/snagging/${id}/comments`, token: owner.accessToken, payload, headers });
  /** What a refused request must leave as it was. */
  const state = async () => ({
    comments: await countRows(t, "report_comments"),
    commentPhotos: await countRows(t, "comment_photos"),
    attachments: await countRows(t, "attachments"),
    activity: await countRows(t, "report_activity"),
    files: (await listFiles(path.join(t.dataDir, "files"))).filter((f) => !f.startsWith("uploads/")),
  });
  const expectUnknown = (res: Awaited<ReturnType<typeof patch>>, sha: string) => {
    expectError(res, 409);
    expect((res.json() as { message: string }).message).toMatch(/not uploaded/);
    expect((res.json() as { details: Record<string, string[]> }).details.photoHashes?.[0]).toContain(sha);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    other = await signUp(t, { firstName: "Otto", lastName: "Other" });
    projectId = (await createProject(t, owner.accessToken, { requireEvidenceToClose: true })).id;
  });
  afterAll(async () => t.close());

  it("posts a comment with photos by hash, in order with their names, once per Idempotency-Key", async () => {
    const report = await newReport();
    const hashes = [await upload(await photo(330)), await upload(await photo(310))];
    const payload = { body: "Grout still cracked", photoHashes: hashes, photoNames: ["grout.jpg", "../edge.jpg"] };
    const key = `comment-by-hash-${Math.random()}`;
    const first = await postComment(report.id, payload, { "idempotency-key": key });
    expect(first.statusCode, first.body).toBe(201);
    const comment = (first.json() as { comment: Comment }).comment;
    expect(comment.photos.map((p) => p.original_name)).toEqual(["grout.jpg", "edge.jpg"]);
    for (const p of comment.photos) {
      const file = await t.request({ method: "GET", url: p.file_path });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/jpeg");
    }
    const before = await state();
    const again = await postComment(report.id, payload, { "idempotency-key": key });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((again.json() as { comment: Comment }).comment.id).toBe(comment.id);
    expect(await state()).toEqual(before);
    // Without names, the photos are named by their place.
    const unnamed = await postComment(report.id, { body: "One more", photoHashes: [hashes[1]] });
    expect((unnamed.json() as { comment: Comment }).comment.photos.map((p) => p.original_name)).toEqual([
      "photo-1.jpg",
    ]);
  }, 20_000); // the first photos start the photo pipeline's worker threads

  it("refuses a comment naming a hash never uploaded or another workspace's, writing nothing", async () => {
    const report = await newReport();
    const never = sha256Of(Buffer.from("never uploaded"));
    const theirs = await upload(await photo(), other);
    const before = await state();
    expectUnknown(await postComment(report.id, { body: "Look", photoHashes: [never] }), never);
    expectUnknown(await postComment(report.id, { body: "Look", photoHashes: [theirs] }), theirs);
    const held = await upload(await photo());
    expectError(await postComment(report.id, { body: "Look", photoHashes: [held], photoNames: ["a", "b"] }), 400);
    expectError(await postComment(report.id, { body: "Look", photoNames: ["a.jpg"] }), 400);
    expect(await state()).toEqual(before);
  });

  it("keeps the multipart comment working, and refuses photos on a comment edit", async () => {
    const report = await newReport();
    const form = await multipart({ body: "By form" }, [{ name: "site.jpg", data: await photo() }]);
    const res = await t.request({
      method: "POST",
      url: `/api/snagging/${report.id}/comments`,
      token: owner.accessToken,
      ...form,
    });
    expect(res.statusCode, res.body).toBe(201);
    const comment = (res.json() as { comment: Comment }).comment;
    expect(comment.photos.map((p) => p.original_name)).toEqual(["site.jpg"]);
    const held = await upload(await photo());
    const before = await state();
    const edit = await t.request({
      method: "PATCH",
      url: `/api/comments/${comment.id}`,
      token: owner.accessToken,
      payload: { body: "Edited with a photo", photoHashes: [held] },
    });
    expectError(edit, 400, "An edit changes a comment's text; photos come with a new comment.");
    expect(await state()).toEqual(before);
  });

  it("adds photos to a report edit by hash beside removing one, and refuses unknown hashes", async () => {
    const report = await newReport();
    const added = await upload(await photo(300));
    const never = sha256Of(Buffer.from("not uploaded either"));
    const theirs = await upload(await photo(), other);
    const before = await state();
    for (const [sha, hashes] of [
      [never, [added, never]],
      [theirs, [theirs]],
    ] as const) {
      expectUnknown(await patch(report.id, { description: "Changed", photoHashes: hashes }), sha);
    }
    expect(await state()).toEqual(before);
    expect((await getReport(report.id)).version).toBe(report.version);

    const res = await patch(report.id, {
      description: "Changed",
      version: report.version,
      removeAttachmentIds: [report.attachments[0]?.id],
      photoHashes: [added],
      photoNames: ["after.jpg"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = (res.json() as { report: Report }).report;
    expect(edited.attachments.map((a) => [a.original_name, a.kind])).toEqual([["after.jpg", "evidence"]]);
    expect(edited.description).toBe("Changed");
  });

  it("marks a report fixed with its evidence by hash (kind fix); an unknown hash leaves it open", async () => {
    const report = await newReport();
    const never = sha256Of(Buffer.from("no fix photo"));
    const theirs = await upload(await photo(), other);
    const before = await state();
    expectUnknown(await patch(report.id, { status: "resolved", photoHashes: [never] }), never);
    expectUnknown(await patch(report.id, { status: "resolved", photoHashes: [theirs] }), theirs);
    expect(await state()).toEqual(before);
    expect((await getReport(report.id)).status).toBe("open");
    // The project requires evidence: a hash list with nothing in it is no evidence.
    expectError(await patch(report.id, { status: "resolved", photoHashes: [] }), 400);

    const fix = await upload(await photo());
    const res = await patch(report.id, {
      status: "resolved",
      version: report.version,
      photoHashes: [fix],
      photoNames: ["fixed-1.jpg"],
    });
    expect(res.statusCode, res.body).toBe(200);
    const fixed = (res.json() as { report: Report }).report;
    expect(fixed.status).toBe("resolved");
    expect(fixed.attachments.map((a) => [a.original_name, a.kind])).toEqual([
      ["before.jpg", "evidence"],
      ["fixed-1.jpg", "fix"],
    ]);
  });

  it("keeps the multipart fix working", async () => {
    const report = await newReport();
    const form = await multipart({ status: "resolved" }, [{ name: "fixed.jpg", data: await photo() }]);
    const res = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      ...form,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fixed = (res.json() as { report: Report }).report;
    expect(fixed.status).toBe("resolved");
    expect(fixed.attachments.at(-1)).toMatchObject({ original_name: "fixed.jpg", kind: "fix" });
  });
});
