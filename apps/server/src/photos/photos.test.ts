import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { Semaphore } from "../workers/semaphore";
import { checkPhotoType, processPhoto, sniffPhotoType } from "./photos";

const jpeg = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();

describe("sniffPhotoType", () => {
  it("names JPEG, PNG and WebP by their bytes, whatever the name says", async () => {
    expect(sniffPhotoType(await jpeg())).toBe("image/jpeg");
    expect(
      sniffPhotoType(
        await sharp(await jpeg())
          .png()
          .toBuffer(),
      ),
    ).toBe("image/png");
    expect(
      sniffPhotoType(
        await sharp(await jpeg())
          .webp()
          .toBuffer(),
      ),
    ).toBe("image/webp");
  });

  it("recognises HEIC/HEIF/AVIF brands and refuses everything else", async () => {
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, "latin1")]);
    expect(sniffPhotoType(ftyp("heic"))).toBe("heif");
    expect(sniffPhotoType(ftyp("mif1"))).toBe("heif");
    expect(sniffPhotoType(ftyp("avif"))).toBe("heif");
    expect(sniffPhotoType(ftyp("isom"))).toBeNull();
    expect(
      sniffPhotoType(
        await sharp(await jpeg())
          .gif()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(
      sniffPhotoType(
        await sharp(await jpeg())
          .tiff()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffPhotoType(Buffer.from("<svg/>"))).toBeNull();
    expect(sniffPhotoType(Buffer.from("%PDF-1.7"))).toBeNull();
    expect(sniffPhotoType(Buffer.alloc(0))).toBeNull();
    expect(sniffPhotoType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it("answers 415 with the HEIC advice or the generic message", () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic", "latin1")]);
    expect(() => checkPhotoType(heic, "IMG_1.HEIC")).toThrow(/HEIC\/HEIF photo, which is not supported/);
    try {
      checkPhotoType(Buffer.from("hello"), "a.jpg");
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(415);
    }
  });
});

describe("processPhoto", () => {
  it("keeps small photos at their size and bounds thumbnails", async () => {
    const out = await processPhoto(await jpeg(), "small.jpg");
    expect([out.width, out.height]).toEqual([64, 32]);
    expect((await sharp(out.thumbnail).metadata()).width).toBe(64);
  });

  it("flattens transparency on white", async () => {
    const png = await sharp({
      create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const out = await processPhoto(png, "clear.png");
    const { data } = await sharp(out.display).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
  });

  it("refuses a decompression bomb (a huge canvas in a small file) as too large, naming the limit", async () => {
    const bomb = await sharp({ create: { width: 12000, height: 9000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(processPhoto(bomb, "bomb.png")).rejects.toMatchObject({
      statusCode: 413,
      message: "'bomb.png' is too large: photos can have at most 100 megapixels. Resize it and try again.",
    });
  });
});

describe("Semaphore", () => {
  it("runs at most `slots` tasks at once, in arrival order, and survives failures", async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) =>
      gate.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running -= 1;
        if (i === 1) throw new Error("boom");
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map(task));
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled", "fulfilled"]);
    expect(await gate.run(async () => "free again")).toBe("free again");
  });
});
