// Company branding through HTTP on both databases: owners set it, everyone in the workspace reads
// it, and every PDF carries it (report and snag list, read back with pdftotext and pdfimages).
// Hostile logos: an SVG with a script or an outside reference, decompression bombs, non-images.
import { deflateSync } from "node:zlib";
import type { Branding } from "@sitesnag/shared/branding";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { createAudit } from "./audit-factories";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart, pngImage } from "./images";
import { readPdf } from "./pdf-tools";

/** A PNG that declares width × height pixels in a few hundred bytes (a decompression bomb). */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe.each(DIALECTS)("company branding (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: { accessToken: string };
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let report: Report;
  let projectId: string;

  const logo = async (data: Buffer, name = "logo.png", token = owner.accessToken, type = "image/png") => {
    const body = await multipart({}, [{ name, data, type }], "logo");
    return t.request({ method: "PUT", url: "/api/workspace/branding/logo", token, ...body });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive" });
    stranger = await signUp(t);
    const invite = await t.request({ method: "POST", url: "/api/invitations", token: owner.accessToken, payload: {} });
    member = (
      await t.request({
        method: "POST",
        url: `/api/invitations/token/${(invite.json() as { token: string }).token}/register`,
        payload: {
          firstName: "Mo",
          lastName: "Member",
          email: `mo.${Date.now()}@example.com`,
          password: "member-pass-1",
        },
      })
    ).json() as { accessToken: string };
    projectId = (await createProject(t, owner.accessToken, { name: "Dockside" })).id;
    const body = await multipart({ projectId, priority: "high", description: "📷 Photo 1 - Hall: Dent" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    report = (
      (await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body })).json() as {
        report: Report;
      }
    ).report;
  });
  afterAll(() => t.close());

  it("is SiteSnag's until an owner sets it; members read it and cannot change it", async () => {
    const before = await t.request({ method: "GET", url: "/api/workspace/branding", token: member.accessToken });
    expect(before.json()).toEqual({ branding: { companyName: null, accentColour: null, logoUrl: null } });
    const pdf = await readPdf(
      (await t.request({ method: "GET", url: `/api/snagging/${report.id}/download-pdf`, token: owner.accessToken }))
        .rawPayload,
    );
    expect(pdf.pages[0]).toContain("SiteSnag");
    const payload = { companyName: "Northbank Builders Ltd", accentColour: "#0E7490" };
    expectError(
      await t.request({ method: "PUT", url: "/api/workspace/branding", token: member.accessToken, payload }),
      403,
    );
    const set = await t.request({ method: "PUT", url: "/api/workspace/branding", token: owner.accessToken, payload });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json() as { branding: Branding }).branding).toMatchObject({
      companyName: "Northbank Builders Ltd",
      accentColour: "#0e7490",
    });
    const theirs = await t.request({ method: "GET", url: "/api/workspace/branding", token: stranger.accessToken });
    expect((theirs.json() as { branding: Branding }).branding.companyName).toBeNull();
    expectError(
      await t.request({
        method: "PUT",
        url: "/api/workspace/branding",
        token: owner.accessToken,
        payload: { companyName: "x", accentColour: "red" },
      }),
      400,
      "Accent colour must be a colour such as #ea580c",
    );
  });

  it("renders a logo to a PNG and puts the name and logo on every PDF", async () => {
    await t.request({
      method: "PUT",
      url: "/api/workspace/branding",
      token: owner.accessToken,
      payload: { companyName: "Northbank Builders Ltd", accentColour: "#0e7490" },
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect width="300" height="100" fill="#0e7490"/><circle cx="50" cy="50" r="40" fill="#fff"/></svg>',
    );
    const res = await logo(svg, "logo.svg", owner.accessToken, "image/svg+xml");
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl } = (res.json() as { branding: Branding }).branding;
    expect(logoUrl).toMatch(/^\/files\/branding\/[0-9a-f]{32}\.png$/);
    const file = await t.request({ method: "GET", url: logoUrl as string });
    expect(file.headers["content-type"]).toBe("image/png");
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBeLessThanOrEqual(600);
    expect(meta.height).toBeLessThanOrEqual(200);

    const reportPdf = await readPdf(
      (await t.request({ method: "GET", url: `/api/snagging/${report.id}/download-pdf`, token: member.accessToken }))
        .rawPayload,
    );
    expect(reportPdf.pages[0]).toContain("Northbank Builders Ltd");
    expect(reportPdf.images.filter((i) => i.page === 1).length).toBeGreaterThanOrEqual(2); // logo + photo
    const list = await readPdf(
      (await t.request({ method: "GET", url: `/api/projects/${projectId}/snag-list.pdf`, token: owner.accessToken }))
        .rawPayload,
    );
    expect(list.pages[0]).toContain("Northbank Builders Ltd");
    expect(list.pages[2]).toContain("Northbank Builders Ltd");
    expect(list.images.some((i) => i.page === 1)).toBe(true);
    // The audit PDF's cover carries them too: the name, and the logo (the 600 px wide PNG rendered above).
    const audit = await createAudit(t, owner.accessToken, projectId);
    const auditPdf = await readPdf(
      (await t.request({ method: "GET", url: `/api/audits/${audit.id}/pdf`, token: owner.accessToken })).rawPayload,
    );
    expect(auditPdf.pages[0]).toContain("Northbank Builders Ltd");
    expect(auditPdf.pages[0]).toContain("Site safety audit");
    expect(auditPdf.images.some((i) => i.page === 1 && i.width === 600)).toBe(true);

    // A new logo replaces the old one's file; removing it leaves the name.
    const jpeg = await logo(await jpegPhoto({ width: 800, height: 400 }), "logo.jpg", owner.accessToken, "image/jpeg");
    expect(jpeg.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: logoUrl as string })).statusCode).toBe(404);
    const removed = await t.request({
      method: "DELETE",
      url: "/api/workspace/branding/logo",
      token: owner.accessToken,
    });
    expect((removed.json() as { branding: Branding }).branding).toMatchObject({
      logoUrl: null,
      companyName: "Northbank Builders Ltd",
    });
  });

  it("refuses hostile logos with a sentence and keeps the one it has", async () => {
    const good = await logo(await pngImage(), "ok.png");
    const kept = (good.json() as { branding: Branding }).branding.logoUrl;
    const cases: [Buffer, number, RegExp][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        415,
        /contains a script/,
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>'),
        415,
        /event handler/,
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd" width="9" height="9"/></svg>',
        ),
        415,
        /reference to another file/,
      ],
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
        ),
        415,
        /entity/,
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="9" height="9"/></svg>',
        ),
        413,
        /too large/,
      ],
      [pngBomb(60_000, 60_000), 413, /too large/],
      [Buffer.from("just some text, not an image"), 415, /PNG, JPEG or SVG/],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]),
        400,
        /could not be read/,
      ],
      [Buffer.alloc(1024 * 1024 + 10, 0xff), 413, /at most 1 MB/],
    ];
    for (const [data, status, message] of cases) {
      const res = await logo(data, "logo.svg");
      expect(res.statusCode, `${data.subarray(0, 60).toString()} → ${res.body}`).toBe(status);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    expectError(await logo(await pngImage(), "x.png", member.accessToken), 403);
    const now = await t.request({ method: "GET", url: "/api/workspace/branding", token: owner.accessToken });
    expect((now.json() as { branding: Branding }).branding.logoUrl).toBe(kept);
    expectError(
      await t.request({ method: "PUT", url: "/api/workspace/branding/logo", token: owner.accessToken, payload: {} }),
      400,
    );
  });
});
