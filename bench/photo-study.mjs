// The compressor study (issue 28, decision 0031), run by `node bench/photo-compress.mjs --study`:
// which settings of the browser's own encoder (canvas toBlob / OffscreenCanvas convertToBlob, the
// only encoders the web app uses) send fewer bytes per site photo at the same perceived quality.
//
// Photos: made here with sharp, as a phone camera would hand them over (JPEG quality 92): sensor
// noise, lighting gradients, hard edges (tiles, grout, cracks, cables, text on labels), in several
// sizes up to 12 MP. Each candidate runs in Chromium through the same steps as the app's compressor
// (decode with createImageBitmap scaled to the target, draw, encode). Quality is SSIM (ssim.js)
// against the original downscaled to today's 2048 px by the same browser and kept lossless (PNG);
// a smaller candidate is scaled back up to that size by sharp before comparing.
// Rule (issue 28): adopt a setting with ≥ 30 % fewer bytes than today's JPEG 0.85 at 2048 px whose
// SSIM is ≥ 0.98 of today's on every photo.
import sharp from "sharp";
import { ssim } from "ssim.js";

/** A deterministic pseudo-random source (the same photos on every run). */
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

/** One photo's raw RGB pixels: a scene of `kind` with light falloff, edges, detail and noise. */
function scene(kind, width, height, seed) {
  const rand = random(seed);
  const px = Buffer.alloc(width * height * 3);
  const tile = Math.max(24, Math.round(width / 14));
  const cracks = Array.from({ length: 6 }, () => ({ x: rand() * width, slope: (rand() - 0.5) * 1.2 }));
  const blobs = Array.from({ length: 12 }, () => ({
    x: rand() * width,
    y: rand() * height,
    r: (0.01 + rand() * 0.05) * width,
    d: (rand() - 0.5) * 60,
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // Light: a window on the left, falling off across the room, vignetting at the corners.
      const nx = x / width - 0.5;
      const ny = y / height - 0.5;
      const light = 1.1 - 0.45 * (x / width) - 0.5 * (nx * nx + ny * ny);
      let r;
      let g;
      let b;
      if (kind === "tiles") {
        const gx = x % tile;
        const gy = y % tile;
        const grout = gx < 3 || gy < 3;
        const shade = ((Math.floor(x / tile) * 7 + Math.floor(y / tile) * 13) % 5) * 4;
        [r, g, b] = grout ? [120, 115, 105] : [225 - shade, 222 - shade, 210 - shade];
      } else if (kind === "concrete") {
        // Aggregate: low-frequency mottling plus fine grain.
        const m = Math.sin(x / 37) * Math.cos(y / 23) * 10 + Math.sin((x + y) / 11) * 6;
        [r, g, b] = [150 + m, 148 + m, 142 + m];
      } else if (kind === "label") {
        // A white label with dark "text" strokes on a painted wall.
        const onLabel = x > width * 0.3 && x < width * 0.7 && y > height * 0.35 && y < height * 0.65;
        const stroke = onLabel && y % 28 < 16 && x % 11 < 3 && Math.sin(x * 0.7 + y) > -0.2;
        [r, g, b] = onLabel ? (stroke ? [25, 25, 30] : [245, 245, 240]) : [90, 130, 160];
      } else {
        // "room": a smooth painted wall, a skirting board, a cable.
        const skirting = y > height * 0.82;
        const cable = Math.abs(y - (height * 0.4 + Math.sin(x / (width / 6)) * height * 0.05)) < 4;
        [r, g, b] = cable ? [30, 30, 30] : skirting ? [240, 238, 230] : [200, 185, 160];
      }
      // Stains and shadows.
      for (const blob of blobs) {
        const dx = x - blob.x;
        const dy = y - blob.y;
        if (dx * dx + dy * dy < blob.r * blob.r) {
          r += blob.d;
          g += blob.d;
          b += blob.d * 0.8;
        }
      }
      // Cracks: thin dark lines.
      for (const crack of cracks) {
        if (Math.abs(x - (crack.x + (y - height / 2) * crack.slope)) < 1.5) {
          r *= 0.35;
          g *= 0.35;
          b *= 0.35;
        }
      }
      // Sensor noise, more in the dark (as a phone's at indoor light).
      const noise = (rand() + rand() + rand() - 1.5) * (kind === "concrete" ? 22 : 10) * (1.3 - light * 0.5);
      const i = (y * width + x) * 3;
      px[i] = Math.max(0, Math.min(255, r * light + noise));
      px[i + 1] = Math.max(0, Math.min(255, g * light + noise));
      px[i + 2] = Math.max(0, Math.min(255, b * light + noise));
    }
  }
  return px;
}

/** The study's photos: phone-camera JPEGs (quality 92, slightly soft as a lens makes them). */
export async function studyPhotos() {
  const specs = [
    { name: "tiled floor, 12 MP landscape", kind: "tiles", width: 4000, height: 3000 },
    { name: "concrete, 12 MP portrait", kind: "concrete", width: 3024, height: 4032 },
    { name: "label on a wall, 8 MP", kind: "label", width: 3264, height: 2448 },
    { name: "painted room, 2 MP", kind: "room", width: 1920, height: 1080 },
  ];
  const photos = [];
  for (const [n, spec] of specs.entries()) {
    const raw = scene(spec.kind, spec.width, spec.height, 11 + n * 101);
    const jpeg = await sharp(raw, { raw: { width: spec.width, height: spec.height, channels: 3 } })
      .blur(0.6)
      .jpeg({ quality: 92 })
      .toBuffer();
    photos.push({ ...spec, jpeg });
  }
  return photos;
}

/** Today's setting first; then what Chromium and Safari can both encode, and WebP (Chromium, Firefox). */
export const CANDIDATES = [
  { label: "JPEG 0.85 @2048 (today)", type: "image/jpeg", quality: 0.85, edge: 2048 },
  { label: "JPEG 0.80 @2048", type: "image/jpeg", quality: 0.8, edge: 2048 },
  { label: "JPEG 0.75 @2048", type: "image/jpeg", quality: 0.75, edge: 2048 },
  { label: "JPEG 0.70 @2048", type: "image/jpeg", quality: 0.7, edge: 2048 },
  { label: "JPEG 0.60 @2048", type: "image/jpeg", quality: 0.6, edge: 2048 },
  { label: "JPEG 0.85 @1600", type: "image/jpeg", quality: 0.85, edge: 1600 },
  { label: "JPEG 0.80 @1600", type: "image/jpeg", quality: 0.8, edge: 1600 },
  { label: "WebP 0.85 @2048", type: "image/webp", quality: 0.85, edge: 2048 },
  { label: "WebP 0.80 @2048", type: "image/webp", quality: 0.8, edge: 2048 },
  { label: "WebP 0.75 @2048", type: "image/webp", quality: 0.75, edge: 2048 },
  { label: "WebP 0.70 @2048", type: "image/webp", quality: 0.7, edge: 2048 },
  { label: "WebP 0.80 @1600", type: "image/webp", quality: 0.8, edge: 1600 },
];

/** In the page: the app's steps (scaled decode, draw, encode) for one photo and one setting. */
async function encodeInPage(page, photoUrl, candidate) {
  return page.evaluate(
    async ({ url, type, quality, edge }) => {
      const file = await (await fetch(url)).blob();
      const probe = await createImageBitmap(file);
      const scale = Math.min(1, edge / Math.max(probe.width, probe.height));
      const width = Math.round(probe.width * scale);
      const height = Math.round(probe.height * scale);
      probe.close();
      const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(bitmap, 0, 0);
      bitmap.close();
      const blob = await canvas.convertToBlob(type === "image/png" ? { type } : { type, quality });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { type: blob.type, width, height, base64: btoa(binary) };
    },
    { url: photoUrl, ...candidate },
  );
}

async function rgba(buffer, width, height) {
  const { data, info } = await sharp(buffer)
    .resize(width, height, { fit: "fill", kernel: "lanczos3" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/**
 * Runs the study in `page` (any page: photos are served by a route on a made-up origin) and prints
 * a table; returns the rows and the verdict.
 */
export async function runStudy(page, log = console.log) {
  const photos = await studyPhotos();
  await page.route("http://study.invalid/**", (route) => {
    const photo = photos[Number(new URL(route.request().url()).pathname.slice(1))];
    return photo
      ? route.fulfill({ status: 200, contentType: "image/jpeg", body: photo.jpeg })
      : route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>study</title>" });
  });
  await page.goto("http://study.invalid/page");
  const rows = CANDIDATES.map((c) => ({ ...c, bytes: [], ssim: [], encodedAs: new Set() }));
  for (const [n, photo] of photos.entries()) {
    const url = `http://study.invalid/${n}`;
    const reference = await encodeInPage(page, url, { type: "image/png", quality: 1, edge: 2048 });
    const ref = await rgba(Buffer.from(reference.base64, "base64"), reference.width, reference.height);
    log(`${photo.name}: ${photo.width}x${photo.height}, ${(photo.jpeg.length / 1024).toFixed(0)} KB from the camera`);
    for (const row of rows) {
      const out = await encodeInPage(page, url, row);
      const bytes = Buffer.from(out.base64, "base64");
      const decoded = await rgba(bytes, ref.width, ref.height);
      row.bytes.push(bytes.length);
      row.ssim.push(ssim(ref, decoded).mssim);
      row.encodedAs.add(out.type);
    }
  }
  const today = rows[0];
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const kb = (n) => `${(n / 1024).toFixed(0)}`;
  log("");
  log(
    `setting                   | KB per photo (${photos.map((p) => p.kind).join(", ")}) | total KB | vs today | SSIM per photo | worst SSIM / today's`,
  );
  for (const row of rows) {
    const total = row.bytes.reduce((a, b) => a + b, 0);
    const todayTotal = today.bytes.reduce((a, b) => a + b, 0);
    row.saving = 1 - total / todayTotal;
    row.worstRatio = Math.min(...row.ssim.map((s, i) => s / today.ssim[i]));
    row.medianBytes = median(row.bytes);
    log(
      `${row.label.padEnd(25)} | ${row.bytes.map(kb).join(" / ").padEnd(28)} | ${kb(total).padStart(8)} | ${`${(-row.saving * 100).toFixed(0)} %`.padStart(8)} | ${row.ssim.map((s) => s.toFixed(4)).join(" ")} | ${row.worstRatio.toFixed(4)}${row.encodedAs.has(row.type) ? "" : ` (encoded as ${[...row.encodedAs].join(", ")})`}`,
    );
  }
  const qualifying = rows
    .slice(1)
    .filter((r) => r.encodedAs.has(r.type) && r.saving >= 0.3 && r.worstRatio >= 0.98)
    .sort((a, b) => b.worstRatio - a.worstRatio);
  log("");
  log(
    qualifying.length > 0
      ? `qualifying (≥ 30 % fewer bytes, SSIM ≥ 0.98 of today's on every photo): ${qualifying.map((r) => r.label).join("; ")}`
      : "no setting gives ≥ 30 % fewer bytes at SSIM ≥ 0.98 of today's on every photo",
  );
  return { rows, qualifying };
}
