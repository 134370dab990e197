import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { heicBytes, jpegPhoto } from "../../test/images";
import { AppError } from "../http/errors";
import { createPhotoProcessor, PHOTO_POOL_BUSY, type PhotoProcessor } from "./photo-pool";
import { processPhoto } from "./photos";

describe("createPhotoProcessor", () => {
  let processor: PhotoProcessor;
  afterEach(() => processor.close());

  it("processes in a worker thread to the same bytes as on the calling thread", async () => {
    processor = createPhotoProcessor({ workers: 1, queue: 5 });
    const source = await jpegPhoto({ width: 3000, height: 1200, orientation: 6 });
    const pooled = await processor.process(source, "big.jpg");
    const inline = await processPhoto(source, "big.jpg");
    expect(Buffer.isBuffer(pooled.display) && Buffer.isBuffer(pooled.thumbnail)).toBe(true);
    expect(pooled.sha256).toBe(inline.sha256);
    expect(pooled.display.equals(inline.display)).toBe(true);
    expect(pooled.thumbnail.equals(inline.thumbnail)).toBe(true);
    expect([pooled.width, pooled.height]).toEqual([819, 2048]);
    expect((await sharp(pooled.thumbnail).metadata()).height).toBe(400);
    // The caller's bytes are copied, not moved: it still hashes the original upload.
    expect(source.length).toBeGreaterThan(0);
  });

  it("answers 415 for a HEIC before queueing and 400 for a damaged image, then keeps working", async () => {
    processor = createPhotoProcessor({ workers: 1, queue: 5 });
    await expect(processor.process(heicBytes(), "x.heic")).rejects.toMatchObject({ statusCode: 415 });
    const good = await jpegPhoto();
    const cut = good.subarray(0, Math.floor(good.length / 2));
    await expect(processor.process(cut, "cut.jpg")).rejects.toMatchObject({
      statusCode: 400,
      message: "'cut.jpg' could not be read: the image is damaged or incomplete.",
    });
    expect((await processor.process(good, "good.jpg")).width).toBe(640);
  });

  it("refuses a photo at once with 503 + Retry-After when the queue is full", async () => {
    processor = createPhotoProcessor({ workers: 1, queue: 1 });
    const photo = await jpegPhoto();
    // The first runs, the second waits, the third finds the queue full.
    const running = processor.process(photo, "a.jpg");
    const waiting = processor.process(photo, "b.jpg");
    const refused = await processor.process(photo, "c.jpg").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, message: PHOTO_POOL_BUSY, options: { retryAfterSeconds: 5 } });
    expect((await running).sha256).toBe((await waiting).sha256);
  });

  it("PHOTO_WORKERS=0 processes on the calling thread", async () => {
    processor = createPhotoProcessor({ workers: 0, queue: 0 });
    const photo = await jpegPhoto();
    expect((await processor.process(photo, "a.jpg")).sha256).toBe((await processPhoto(photo, "a.jpg")).sha256);
  });
});
