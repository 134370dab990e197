// npm run bench:uploads (issue 28): the time to drain a day's queue (50 reports, 150 photos by
// default) through the browser's queue code (packages/shared/src/sync-queue.ts, photos by hash,
// resumable) over a shaped TCP link: 1.6 Mbit/s uplink, every connection dropped every 30 s (and
// refused for a second), against the physical floor, bytes ÷ bandwidth. Target ≤ 1.3× the floor.
// UPLOADS_BENCH_REPORTS, UPLOADS_BENCH_KBITS, UPLOADS_BENCH_DROP_S change the run.
import type { AddressInfo } from "node:net";
import net from "node:net";
import type { UploadTransport } from "@sitesnag/shared/photo-upload";
import type { SyncResponse } from "@sitesnag/shared/sync";
import { MemoryQueueStore, type QueueItem, type SendBatch, syncQueue } from "@sitesnag/shared/sync-queue";
import { contentRange } from "@sitesnag/shared/uploads";
import sharp from "sharp";
import { createProject, signUp } from "../apps/server/test/factories";
import { createTestApp } from "../apps/server/test/harness";
import { DEFAULT_COMPRESS } from "../apps/web/src/lib/photo-compress/compress-core";
import { fitLongEdge } from "../apps/web/src/lib/photo-compress/downscale-math";
import { retryDelay } from "../apps/web/src/offline/retry-delay";

const REPORTS = Number(process.env.UPLOADS_BENCH_REPORTS ?? 50);
const PHOTOS_PER_REPORT = 3;
const BYTES_PER_SECOND = (Number(process.env.UPLOADS_BENCH_KBITS ?? 1600) * 1000) / 8;
const DROP_EVERY_MS = Number(process.env.UPLOADS_BENCH_DROP_S ?? 30) * 1000;
const OUTAGE_MS = 1000;

/** A TCP link whose uplink (client → server) is shaped to BYTES_PER_SECOND, cut every DROP_EVERY_MS. */
class ShapedLink {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** When the uplink is next free: bytes are released one after another at the line rate. */
  private freeAt = 0;
  port = 0;
  drops = 0;
  constructor(private readonly target: number) {}

  async listen(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, "127.0.0.1");
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on("data", (chunk: Buffer) => {
        client.pause();
        const now = performance.now();
        this.freeAt = Math.max(this.freeAt, now) + (chunk.length / BYTES_PER_SECOND) * 1000;
        setTimeout(
          () => {
            if (!upstream.destroyed) upstream.write(chunk);
            client.resume();
          },
          Math.max(0, this.freeAt - now),
        );
      });
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
  }

  async drop(): Promise<void> {
    this.drops += 1;
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    this.freeAt = 0;
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await this.listen();
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * A 12 MP (4000 × 3000) phone photo as the capture compressor leaves it, at its current setting
 * (DEFAULT_COMPRESS: long edge and JPEG quality; sharp's libjpeg quality scale is the canvas's ×
 * 100, both 4:2:0), textured like a site photo.
 */
const { width: PHOTO_W, height: PHOTO_H } = fitLongEdge(4000, 3000, DEFAULT_COMPRESS.maxLongEdge);
const JPEG_QUALITY = Math.round(DEFAULT_COMPRESS.quality * 100);
async function sitePhoto(seed: number): Promise<Buffer> {
  const [w, h] = [PHOTO_W, PHOTO_H];
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    const row = Math.floor(p / w);
    x = (x * 1103515245 + 12345) >>> 0;
    const noise = (x >>> 28) - 8;
    const brick = (Math.floor((p % w) / 64) + Math.floor(row / 24)) % 2 === 0 ? 40 : 0;
    raw[i] = Math.max(0, Math.min(255, 120 + brick + noise + (seed % 50)));
    raw[i + 1] = Math.max(0, Math.min(255, 90 + brick / 2 + noise));
    raw[i + 2] = Math.max(0, Math.min(255, 70 + (row * 100) / h + noise));
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: "4:2:0" })
    .toBuffer();
}

const t = await createTestApp("sqlite");
await t.app.listen({ port: 0, host: "127.0.0.1" });
const account = await signUp(t);
const token = account.accessToken;
const projectId = (await createProject(t, token)).id;
const link = new ShapedLink((t.app.server.address() as AddressInfo).port);
await link.listen();
const base = () => `http://127.0.0.1:${link.port}`;
const auth = { authorization: `Bearer ${token}` };

const store = new MemoryQueueStore();
let photoBytes = 0;
for (let r = 0; r < REPORTS; r += 1) {
  const id = crypto.randomUUID();
  const photos = [];
  for (let p = 0; p < PHOTOS_PER_REPORT; p += 1) {
    const bytes = await sitePhoto(r * PHOTOS_PER_REPORT + p + 1);
    photoBytes += bytes.length;
    photos.push({ id: crypto.randomUUID(), itemId: id, blob: new Blob([new Uint8Array(bytes)]), name: `p${p}.jpg` });
  }
  const item: QueueItem = {
    id,
    tempId: id,
    action: "create",
    resource: "snagging",
    timestamp: Date.now(),
    photoIds: photos.map((p) => p.id),
    data: { projectId, priority: "medium", description: `📷 Photo 1 - Bench: report ${r}` },
  };
  await store.enqueue(item, photos);
}

const transport: UploadTransport = {
  head: async (sha) => {
    const res = await fetch(`${base()}/api/uploads/${sha}`, { method: "HEAD", headers: auth });
    if (res.status === 200) return { stored: true };
    return { stored: false, offset: Number(res.headers.get("upload-offset") ?? 0) };
  },
  put: async (sha, blob, from, onSent) => {
    const res = await fetch(`${base()}/api/uploads/${sha}`, {
      method: "PUT",
      headers: {
        ...auth,
        "content-type": "application/octet-stream",
        "content-range": contentRange(from, blob.size - 1, blob.size),
      },
      body: blob.slice(from),
    });
    const text = await res.text();
    onSent(blob.size - from);
    return { status: res.status, message: text.slice(0, 200) };
  },
};
const send: SendBatch = async (batch) => {
  const res = await fetch(`${base()}/api/snagging/sync`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ items: batch.items }),
  });
  if (res.status !== 200) throw new Error(`sync answered ${res.status}`);
  return ((await res.json()) as SyncResponse).data.results;
};

console.log(
  `queue: ${REPORTS} reports, ${REPORTS * PHOTOS_PER_REPORT} photos, ${(photoBytes / 1024 / 1024).toFixed(1)} MB ` +
    `(${(photoBytes / REPORTS / PHOTOS_PER_REPORT / 1024).toFixed(0)} KB per photo: ${PHOTO_W}×${PHOTO_H} JPEG ${JPEG_QUALITY}, the capture compressor's setting); uplink ${(BYTES_PER_SECOND * 8) / 1000} kbit/s, drop every ${DROP_EVERY_MS / 1000} s`,
);
const started = performance.now();
const dropper = setInterval(() => void link.drop(), DROP_EVERY_MS);
let runs = 0;
let failures = 0;
for (;;) {
  runs += 1;
  const outcome = await syncQueue(store, send, { uploads: transport });
  if (outcome.remaining === 0) break;
  if (outcome.failed > 0 && !outcome.error) throw new Error("an item was refused");
  // As the browser: back off with jitter after a run that did not get through.
  await new Promise((r) => setTimeout(r, retryDelay(failures)));
  failures = outcome.sent > 0 ? 0 : failures + 1;
}
clearInterval(dropper);
const seconds = (performance.now() - started) / 1000;
const floor = photoBytes / BYTES_PER_SECOND;
const reports = await t.ctx.db.selectFrom("snagging_reports").select("id").execute();
const attachments = await t.ctx.db.selectFrom("attachments").select("id").execute();
const uploads = await t.ctx.db.selectFrom("uploads").select("sha256").execute();
console.log(
  `drained in ${seconds.toFixed(1)} s; floor (photo bytes ÷ bandwidth) ${floor.toFixed(1)} s; ratio ${(seconds / floor).toFixed(2)}× (target ≤ 1.3×)`,
);
console.log(
  `  ${link.drops} drops, ${runs} sync runs; server: ${reports.length} reports, ${attachments.length} photos, ${uploads.length} uploads`,
);
await link.close();
await t.close();
const ok = reports.length === REPORTS && attachments.length === REPORTS * PHOTOS_PER_REPORT;
if (!ok) {
  console.error("not every report and photo arrived exactly once");
  process.exit(1);
}
