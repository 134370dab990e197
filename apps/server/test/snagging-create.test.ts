import { createHash } from "node:crypto";
import type { Report } from "@sitesnag/shared/snagging";
import exifr from "exifr";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { blackPng, type FilePart, heicBytes, jpegPhoto, multipart, pngImage, svgImage, webpImage } from "./images";
import { insertMember, snagState } from "./snagging-state";

describe.each(DIALECTS)("POST /api/snagging (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let foreignProjectId: string;
  let memberId: string;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    stranger = await signUp(t);
    projectId = (await createProject(t, owner.accessToken, { name: "Tower" })).id;
    foreignProjectId = (await createProject(t, stranger.accessToken)).id;
    memberId = await insertMember(t, owner.user.workspaceId, "Mia");
    photo = await jpegPhoto();
  });
  afterAll(() => t.close());

  const post = async (fields: Record<string, string | string[]>, files: FilePart[] = [], headers = {}) => {
    const body = await multipart(fields, files);
    return t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const base = () => ({ projectId, priority: "high", description: "📷 Photo 1 - Hall: Dent" });

  it("stores the report and its photos in upload order, answering 201 {report}", async () => {
    const res = await post(
      { ...base(), assignedTo: memberId, dueDate: "1798675200", locationLat: "51.507351", locationLng: "-0.127758" },
      [
        { name: "first.jpg", data: photo },
        { name: "second.png", data: await pngImage(), type: "image/png" },
        { name: "third.webp", data: await webpImage(), type: "image/webp" },
      ],
    );
    expect(res.statusCode, res.body).toBe(201);
    const { report } = res.json() as { report: Report };
    expect(Object.keys(res.json() as object)).toEqual(["report"]);
    expect(report).toMatchObject({
      projectId,
      projectName: "Tower",
      title: expect.stringMatching(/^SNAG-\d{8}-[1-9]\d{3}$/),
      description: "📷 Photo 1 - Hall: Dent",
      status: "open",
      priority: "high",
      category: "other",
      assignedTo: memberId,
      assignedToName: "Mia Member",
      createdByName: "Olive Owner",
      dueDate: 1798675200,
      locationLat: 51.507351,
      locationLng: -0.127758,
    });
    expect(report.attachments.map((a) => a.original_name)).toEqual(["first.jpg", "second.png", "third.webp"]);
    for (const a of report.attachments) {
      expect(a.file_path).toMatch(/^\/files\/photos\/[0-9a-f]{32}\.jpg$/);
      expect(a.thumbnail_path).toMatch(/^\/files\/photos\/[0-9a-f]{32}-thumb\.jpg$/);
      expect(a.content_type).toBe("image/jpeg");
    }
    const got = await t.request({ method: "GET", url: `/api/snagging/${report.id}`, token: owner.accessToken });
    expect((got.json() as { report: Report }).report).toEqual(report);
  });

  it("serves every stored image without EXIF, GPS or XMP, upright, bounded in size, with its SHA-256", async () => {
    const source = await jpegPhoto({ width: 3000, height: 1200, orientation: 6 });
    expect((await exifr.gps(source))?.latitude).toBeCloseTo(51.5, 1);
    const res = await post(base(), [{ name: "big.jpg", data: source }]);
    expect(res.statusCode, res.body).toBe(201);
    const [attachment] = (res.json() as { report: Report }).report.attachments;
    if (!attachment?.thumbnail_path) throw new Error("no attachment");
    for (const url of [attachment.file_path, attachment.thumbnail_path]) {
      const file = await t.request({ method: "GET", url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe("jpeg");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(await exifr.gps(file.rawPayload)).toBeUndefined();
      expect(await exifr.parse(file.rawPayload)).toBeUndefined();
      // Orientation 6 turns the 3000×1200 landscape into a 1200×3000 portrait.
      const long = Math.max(meta.width, meta.height);
      expect(meta.height).toBeGreaterThan(meta.width);
      expect(long).toBe(url === attachment.file_path ? 2048 : 400);
    }
    const display = await t.request({ method: "GET", url: attachment.file_path });
    expect(createHash("sha256").update(display.rawPayload).digest("hex")).toBe(attachment.sha256);
    expect([attachment.width, attachment.height]).toEqual([819, 2048]);
  });

  it("strips EXIF and GPS from PNG and WebP uploads too", async () => {
    const exif = {
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    };
    const pixels = await pngImage();
    const inputs = [
      { name: "gps.webp", data: await sharp(pixels).withExif(exif).webp().toBuffer(), type: "image/webp" },
      { name: "gps.png", data: await sharp(pixels).withExif(exif).png().toBuffer(), type: "image/png" },
    ];
    // exifr reads neither WebP nor PNG containers: sharp confirms the inputs carry an EXIF block.
    for (const input of inputs) expect((await sharp(input.data).metadata()).exif, input.name).toBeDefined();
    const res = await post(base(), inputs);
    expect(res.statusCode, res.body).toBe(201);
    for (const a of (res.json() as { report: Report }).report.attachments) {
      for (const url of [a.file_path, a.thumbnail_path as string]) {
        const file = (await t.request({ method: "GET", url })).rawPayload;
        expect(await exifr.gps(file)).toBeUndefined();
        expect((await sharp(file).metadata()).exif).toBeUndefined();
      }
    }
  });

  it("keeps a valid unused reference, draws again on a collision or an invalid one", async () => {
    const first = await post({ ...base(), title: "SNAG-20250131-4321" });
    expect((first.json() as { report: Report }).report.title).toBe("SNAG-20250131-4321");
    const again = await post({ ...base(), title: "SNAG-20250131-4321" });
    expect(again.statusCode).toBe(201);
    const redrawn = (again.json() as { report: Report }).report.title;
    expect(redrawn).not.toBe("SNAG-20250131-4321");
    expect(redrawn).toMatch(/^SNAG-\d{8}-[1-9]\d{3}$/);
    for (const title of ["<script>", "x".repeat(500), "SNAG-20250230-1234"]) {
      const invalid = await post({ ...base(), title });
      expect(invalid.statusCode, title).toBe(201);
      expect((invalid.json() as { report: Report }).report.title).toMatch(/^SNAG-\d{8}-[1-9]\d{3}$/);
    }
  });

  it("stores a multipart description's CRLF line breaks (as browsers send them) as LF", async () => {
    const description = "📷 Photo 1 - Hall: Dent\r\nsecond line\r\n\r\n📷 Photo 2 - Stair: Chip";
    const res = await post({ ...base(), description }, [
      { name: "a.jpg", data: photo },
      { name: "b.jpg", data: photo },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { report: Report }).report.description).toBe(
      "📷 Photo 1 - Hall: Dent\nsecond line\n\n📷 Photo 2 - Stair: Chip",
    );
  });

  it("accepts a JSON body without photos", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId, priority: "low", description: "Note", locationLat: 1.5, locationLng: 2.5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { report: Report }).report).toMatchObject({ attachments: [], locationLat: 1.5 });
  });

  describe("refusals change nothing", () => {
    let before: Awaited<ReturnType<typeof snagState>>;
    beforeEach(async () => {
      before = await snagState(t);
    });
    const unchanged = async () => expect(await snagState(t)).toEqual(before);

    it("a text file named .jpg and an SVG: 415", async () => {
      expectError(await post(base(), [{ name: "notes.jpg", data: Buffer.from("just some text, not a photo") }]), 415);
      expectError(
        await post(base(), [{ name: "logo.svg", data: svgImage(), type: "image/svg+xml" }]),
        415,
        "'logo.svg' is not a JPEG, PNG or WebP image.",
      );
      await unchanged();
    });

    it("a HEIC photo: 415 with a clear message", async () => {
      const res = await post(base(), [{ name: "IMG_0001.HEIC", data: heicBytes(), type: "image/heic" }]);
      expectError(res, 415);
      expect((res.json() as { message: string }).message).toContain("HEIC");
      await unchanged();
    });

    it("a 16 MB file: 413", async () => {
      const big = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024 - photo.length, 1)]);
      expectError(await post(base(), [{ name: "huge.jpg", data: big }]), 413, "'huge.jpg' is larger than 15 MB.");
      await unchanged();
    });

    it("21 photos: 413", async () => {
      const files = Array.from({ length: 21 }, (_, i) => ({ name: `p${i}.jpg`, data: photo }));
      expectError(await post(base(), files), 413, "A report can have at most 20 photos.");
      await unchanged();
    });

    it("a truncated JPEG, even after a good photo: 400", async () => {
      const truncated = photo.subarray(0, Math.floor(photo.length / 2));
      const res = await post(base(), [
        { name: "good.jpg", data: photo },
        { name: "cut.jpg", data: truncated },
      ]);
      expectError(res, 400, "'cut.jpg' could not be read: the image is damaged or incomplete.");
      await unchanged();
    });

    it("a 400-megapixel image: 413 saying it is too large, not damaged", async () => {
      const res = await post(base(), [
        { name: "good.jpg", data: photo },
        { name: "pano.png", data: blackPng(20_000, 20_000) },
      ]);
      expectError(
        res,
        413,
        "'pano.png' is too large: photos can have at most 100 megapixels. Resize it and try again.",
      );
      await unchanged();
    });

    it("missing or bad fields: 400 with the field's message", async () => {
      expectFieldError(
        await post({ priority: "high" }, [{ name: "a.jpg", data: photo }]),
        "projectId",
        "Project is required",
      );
      expectFieldError(await post({ projectId }), "priority", "Priority is required");
      expectFieldError(
        await post({ ...base(), locationLat: "95", locationLng: "0" }),
        "locationLat",
        "Latitude must be a number from -90 to 90",
      );
      expectFieldError(await post({ ...base(), dueDate: "soon" }), "dueDate", "Due date must be a date");
      expectError(
        await post({ ...base(), priority: ["high", "low"] }),
        400,
        "The field 'priority' was sent more than once.",
      );
      await unchanged();
    });

    it("an assignee from another workspace: 400", async () => {
      expectFieldError(
        await post({ ...base(), assignedTo: stranger.user.id }, [{ name: "a.jpg", data: photo }]),
        "assignedTo",
        "Assignee must be a member or a contact of your workspace",
      );
      expectFieldError(
        await post({ ...base(), assignedTo: "nobody" }),
        "assignedTo",
        "Assignee must be a member or a contact of your workspace",
      );
      await unchanged();
    });

    it("another workspace's project or a malformed one: 400 'Project not found'", async () => {
      for (const id of [foreignProjectId, "not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
        expectFieldError(
          await post({ ...base(), projectId: id }, [{ name: "a.jpg", data: photo }]),
          "projectId",
          "Project not found",
        );
      }
      await unchanged();
    });

    it("a database failure after the files were stored: the files are deleted again (500, nothing left)", async () => {
      // A real failure inside the transaction: a trigger makes the attachment insert fail.
      if (kind === "sqlite") {
        await sql`create trigger fail_attachments before insert on attachments begin select raise(abort, 'disk full'); end`.execute(
          t.ctx.db,
        );
      } else {
        await sql`create function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`.execute(
          t.ctx.db,
        );
        await sql`create trigger fail_attachments before insert on attachments for each row execute function fail_insert()`.execute(
          t.ctx.db,
        );
      }
      try {
        const res = await post(base(), [
          { name: "a.jpg", data: photo },
          { name: "b.jpg", data: photo },
        ]);
        expectError(res, 500);
        await unchanged();
      } finally {
        await sql`drop trigger fail_attachments${sql.raw(kind === "postgres" ? " on attachments" : "")}`.execute(
          t.ctx.db,
        );
      }
      expect((await post(base(), [{ name: "a.jpg", data: photo }])).statusCode).toBe(201);
    });

    it("no token: 401, before the body is read", async () => {
      const body = await multipart(base(), [{ name: "a.jpg", data: photo }]);
      expectError(await t.request({ method: "POST", url: "/api/snagging", ...body }), 401);
      await unchanged();
    });

    it("photos in a field other than images: 400", async () => {
      const body = await multipart(base(), [{ name: "a.jpg", data: photo }], "photo");
      expectError(await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body }), 400);
      await unchanged();
    });
  });
});
