import { describe, expect, it } from "vitest";
import { fitLongEdge, orientationTransform, orientedSize, plannedSize, readJpegInfo } from "./downscale-math";

/** The header segments of a JPEG: SOI, optionally an EXIF APP1 with an orientation, then SOF0. */
function jpegHeader(width: number, height: number, orientation?: number, littleEndian = false): Uint8Array {
  const bytes: number[] = [0xff, 0xd8];
  if (orientation !== undefined) {
    const u16 = (n: number) => (littleEndian ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
    const u32 = (n: number) => (littleEndian ? [n & 0xff, (n >> 8) & 0xff, 0, 0] : [0, 0, (n >> 8) & 0xff, n & 0xff]);
    const tiff = [
      ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8),
      ...u16(1), // one IFD entry
      ...u16(0x0112),
      ...u16(3), // SHORT
      ...u32(1),
      ...u16(orientation),
      0,
      0,
      ...u32(0),
    ];
    const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const length = payload.length + 2;
    bytes.push(0xff, 0xe1, length >> 8, length & 0xff, ...payload);
  }
  bytes.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3);
  bytes.push(...new Array(9).fill(0));
  return new Uint8Array(bytes);
}

describe("fitLongEdge", () => {
  it("scales a 12 MP landscape photo to 2048 on the long edge, keeping the aspect ratio", () => {
    expect(fitLongEdge(4000, 3000, 2048)).toEqual({ width: 2048, height: 1536 });
  });
  it("scales portrait photos by their height", () => {
    expect(fitLongEdge(3024, 4032, 2048)).toEqual({ width: 1536, height: 2048 });
  });
  it("never enlarges a small photo", () => {
    expect(fitLongEdge(800, 600, 2048)).toEqual({ width: 800, height: 600 });
    expect(fitLongEdge(2048, 10, 2048)).toEqual({ width: 2048, height: 10 });
  });
  it("keeps extreme panoramas at least one pixel high and the long edge exactly at the limit", () => {
    expect(fitLongEdge(100_000, 10, 2048)).toEqual({ width: 2048, height: 1 });
    for (const [w, h] of [
      [4001, 2999],
      [6000, 4000],
      [4097, 4097],
    ] as const) {
      const out = fitLongEdge(w, h, 2048);
      expect(Math.max(out.width, out.height)).toBe(2048);
    }
  });
});

describe("orientation", () => {
  it("swaps width and height for the quarter-turn orientations 5-8 only", () => {
    for (const o of [1, 2, 3, 4]) expect(orientedSize(4000, 3000, o)).toEqual({ width: 4000, height: 3000 });
    for (const o of [5, 6, 7, 8]) expect(orientedSize(4000, 3000, o)).toEqual({ width: 3000, height: 4000 });
  });
  it("plans a phone's sideways-stored portrait photo as an upright 1536x2048", () => {
    expect(plannedSize({ width: 4000, height: 3000, orientation: 6 }, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(plannedSize({ width: 4000, height: 3000, orientation: 1 }, 2048)).toEqual({ width: 2048, height: 1536 });
  });
  it("maps the stored image's corners onto the upright canvas for every orientation", () => {
    const w = 40;
    const h = 30;
    const apply = ([a, b, c, d, e, f]: readonly number[], x: number, y: number) => [
      (a ?? 0) * x + (c ?? 0) * y + (e ?? 0),
      (b ?? 0) * x + (d ?? 0) * y + (f ?? 0),
    ];
    // Where the stored top-left pixel corner lands on the displayed picture (EXIF 2.3 definitions).
    const topLeftLandsAt: Record<number, [number, number]> = {
      1: [0, 0],
      2: [w, 0],
      3: [w, h],
      4: [0, h],
      5: [0, 0],
      6: [h, 0],
      7: [h, w],
      8: [0, w],
    };
    for (let o = 1; o <= 8; o += 1) {
      const m = orientationTransform(o, w, h);
      expect(apply(m, 0, 0)).toEqual(topLeftLandsAt[o]);
      // Every stored corner stays inside the oriented canvas.
      const size = orientedSize(w, h, o);
      for (const [x, y] of [
        [0, 0],
        [w, 0],
        [0, h],
        [w, h],
      ] as const) {
        const [X, Y] = apply(m, x, y);
        expect(X).toBeGreaterThanOrEqual(0);
        expect(X).toBeLessThanOrEqual(size.width);
        expect(Y).toBeGreaterThanOrEqual(0);
        expect(Y).toBeLessThanOrEqual(size.height);
      }
    }
  });
});

describe("readJpegInfo", () => {
  it("reads the stored size and the EXIF orientation in either byte order", () => {
    expect(readJpegInfo(jpegHeader(4000, 3000, 6))).toEqual({ width: 4000, height: 3000, orientation: 6 });
    expect(readJpegInfo(jpegHeader(4000, 3000, 8, true))).toEqual({ width: 4000, height: 3000, orientation: 8 });
  });
  it("defaults to orientation 1 without EXIF or with an out-of-range value", () => {
    expect(readJpegInfo(jpegHeader(640, 480))).toEqual({ width: 640, height: 480, orientation: 1 });
    expect(readJpegInfo(jpegHeader(640, 480, 42))).toEqual({ width: 640, height: 480, orientation: 1 });
  });
  it("answers null for what is not a readable JPEG", () => {
    expect(readJpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(readJpegInfo(jpegHeader(640, 480, 6).slice(0, 20))).toBeNull();
    expect(readJpegInfo(new Uint8Array(0))).toBeNull();
  });
});
