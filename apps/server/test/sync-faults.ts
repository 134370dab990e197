// The fault-injection driver shared by the CI test and `npm run bench:sync`: the browser's queue
// code (packages/shared/src/sync-queue.ts) against the real app and database, with the network
// misbehaving on purpose. Every cycle queues new reports (some with photos) and status changes,
// syncs through injected faults, then checks the server holds each report exactly once with all
// its photos and the queue is empty. With `byHash`, photos go up alone through the resumable
// PUT /api/uploads/{sha256} (the web app's path) and the faults hit those uploads too: a PUT cut
// mid-body leaves a partial upload that the next attempt must continue, not restart or duplicate.
import type { UploadTransport } from "@sitesnag/shared/photo-upload";
import type { SyncResponse } from "@sitesnag/shared/sync";
import {
  MemoryQueueStore,
  type OutgoingBatch,
  type PartialBulk,
  type QueuedPhoto,
  type QueueItem,
  type SendBatch,
  syncQueue,
} from "@sitesnag/shared/sync-queue";
import { contentRange } from "@sitesnag/shared/uploads";
import type { TestApp } from "./harness";

export type Fault = "none" | "drop" | "duplicate" | "unauthorized" | "cut" | "tabs" | "close";
const FAULTS: Fault[] = ["none", "drop", "duplicate", "unauthorized", "cut", "tabs", "close"];

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function encodeBatch(batch: OutgoingBatch) {
  if (batch.photos.length === 0) {
    return {
      payload: Buffer.from(JSON.stringify({ items: batch.items })),
      headers: { "content-type": "application/json" },
    };
  }
  const form = new FormData();
  form.append("items", JSON.stringify({ items: batch.items }));
  for (const p of batch.photos) form.append(p.part, p.blob, p.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { "content-type": response.headers.get("content-type") as string },
  };
}

/** The app's send: one POST; a 401 refreshes the session and sends again (like apiFetch). */
export function sender(t: TestApp, token: string, fault: () => Fault): SendBatch {
  return async (batch) => {
    const { payload, headers } = await encodeBatch(batch);
    const post = (auth: string, body: Buffer) =>
      t.app.inject({
        method: "POST",
        url: "/api/snagging/sync",
        headers: { ...headers, authorization: `Bearer ${auth}` },
        payload: body,
      });
    const f = fault();
    if (f === "cut") {
      const res = await post(token, payload.subarray(0, Math.floor(payload.length / 2)));
      if (res.statusCode === 200) throw new Error("a cut-off upload was accepted");
      throw new Error("network cut mid-upload");
    }
    let res = f === "unauthorized" ? await post("expired.session.token", payload) : await post(token, payload);
    if (res.statusCode === 401) res = await post(token, payload);
    if (f === "duplicate") {
      const twin = await post(token, payload);
      if (twin.body !== res.body)
        throw new Error(`a duplicated request answered differently: ${twin.body.slice(0, 300)}`);
    }
    if (f === "drop" || f === "close") throw new Error("answer lost after the server committed");
    if (res.statusCode !== 200) throw new Error(`sync answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    return (res.json() as SyncResponse).data.results;
  };
}

/**
 * PUT/HEAD /api/uploads through the app, with the same faults as `sender` on PUTs: "cut" sends half
 * the body then loses the connection (the server keeps what arrived), "drop" loses the answer after
 * the server stored, "duplicate" sends the PUT twice, "unauthorized" answers 401 first.
 */
export function uploadTransport(
  t: TestApp,
  token: string,
  fault: () => Fault,
  counts: { cuts: number },
): UploadTransport {
  const auth = (value: string) => ({ authorization: `Bearer ${value}` });
  return {
    head: async (sha256) => {
      const res = await t.app.inject({ method: "HEAD", url: `/api/uploads/${sha256}`, headers: auth(token) });
      if (res.statusCode === 200) return { stored: true };
      if (res.statusCode !== 404) throw new Error(`HEAD answered ${res.statusCode}`);
      return { stored: false, offset: Number(res.headers["upload-offset"] ?? 0) };
    },
    put: async (sha256, blob, from, onSent) => {
      const bytes = Buffer.from(await blob.slice(from).arrayBuffer());
      const put = (as: string, payload: Buffer) =>
        t.app.inject({
          method: "PUT",
          url: `/api/uploads/${sha256}`,
          headers: {
            ...auth(as),
            "content-type": "application/octet-stream",
            "content-range": contentRange(from, blob.size - 1, blob.size),
          },
          payload,
        });
      const f = fault();
      if (f === "cut") {
        counts.cuts += 1;
        await put(token, bytes.subarray(0, Math.ceil(bytes.length / 2)));
        throw new Error("network cut mid-photo");
      }
      let res = await put(f === "unauthorized" ? "expired.session.token" : token, bytes);
      if (res.statusCode === 401) res = await put(token, bytes);
      if (f === "duplicate") await put(token, bytes);
      if (f === "drop" || f === "close") throw new Error("answer lost after the server stored the photo");
      onSent(bytes.length);
      return { status: res.statusCode, message: (res.json() as { message?: string }).message };
    },
  };
}

/** The page closing while results are being written to the queue: the store stops mid-way. */
class ClosingStore extends MemoryQueueStore {
  budget = Number.POSITIVE_INFINITY;
  override async complete(item: QueueItem, createdId: string | null, partial: PartialBulk | null = null) {
    if (this.budget <= 0) throw new Error("page closed mid-sync");
    this.budget -= 1;
    return super.complete(item, createdId, partial);
  }
}

export type FaultRun = {
  cycles: number;
  reports: number;
  photos: number;
  duplicates: number;
  losses: number;
  /** PUTs cut mid-body (byHash only). */
  photoCuts: number;
  faults: Record<Fault, number>;
};

export async function runFaultCycles(
  t: TestApp,
  options: { token: string; projectId: string; seed: number; cycles: number; photo: Buffer; byHash?: boolean },
): Promise<FaultRun> {
  const rand = seeded(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const store = new ClosingStore();
  const run: FaultRun = {
    cycles: 0,
    reports: 0,
    photos: 0,
    duplicates: 0,
    losses: 0,
    photoCuts: 0,
    faults: { none: 0, drop: 0, duplicate: 0, unauthorized: 0, cut: 0, tabs: 0, close: 0 },
  };
  const synced: string[] = [];
  let n = 0;
  const uid = () => {
    n += 1;
    return `c${options.seed}-${n}-${Math.floor(rand() * 1e9).toString(36)}`;
  };

  for (let cycle = 0; cycle < options.cycles; cycle += 1) {
    const created: { tempId: string; marker: string; photos: number }[] = [];
    for (let i = 0, count = 1 + Math.floor(rand() * 3); i < count; i += 1) {
      const tempId = uid();
      const marker = `📷 Photo 1 - Cycle ${cycle}: ${tempId}`;
      // By hash: more photos, each distinct bytes (a unique JPEG tail), one to three per report.
      const photoCount = options.byHash ? (rand() < 0.5 ? 1 + Math.floor(rand() * 3) : 0) : rand() < 0.15 ? 1 : 0;
      const photos: QueuedPhoto[] = Array.from({ length: photoCount }, () => ({
        id: uid(),
        itemId: "",
        blob: new Blob([new Uint8Array(options.photo), ...(options.byHash ? [new TextEncoder().encode(uid())] : [])], {
          type: "image/jpeg",
        }),
        name: "p.jpg",
      }));
      const item: QueueItem = {
        id: uid(),
        tempId,
        action: "create",
        resource: "snagging",
        data: { projectId: options.projectId, priority: "medium", description: marker },
        timestamp: Date.now(),
        photoIds: photos.map((p) => p.id),
      };
      await store.enqueue(
        item,
        photos.map((p) => ({ ...p, itemId: item.id })),
      );
      created.push({ tempId, marker, photos: photos.length });
    }
    for (let i = 0, count = Math.floor(rand() * 3); i < count; i += 1) {
      const target = rand() < 0.6 || synced.length === 0 ? pick(created).tempId : pick(synced);
      const id = uid();
      await store.enqueue(
        {
          id,
          tempId: id,
          action: "status",
          resource: "snagging",
          data: { reportId: target, status: pick(["open", "in-progress", "resolved", "closed"]) },
          timestamp: Date.now(),
          photoIds: [],
        },
        [],
      );
    }

    // Up to three faulty attempts (pages, tabs), then a clean one that must empty the queue.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const f = pick(FAULTS);
      run.faults[f] += 1;
      // The fault hits the first request of the attempt only; "tabs" and "close" are not request faults.
      let used = f === "tabs" || f === "close";
      const faultOnce = (): Fault => {
        if (used) return "none";
        used = true;
        return f;
      };
      const counts = { cuts: 0 };
      const uploads = () => (options.byHash ? { uploads: uploadTransport(t, options.token, faultOnce, counts) } : {});
      try {
        if (f === "tabs") {
          // Two tabs without the lock between them: both send the same queue, interleaved.
          await Promise.all([
            syncQueue(store, sender(t, options.token, faultOnce), uploads()),
            syncQueue(store, sender(t, options.token, faultOnce), uploads()),
          ]);
        } else {
          store.budget = f === "close" ? Math.floor(rand() * 3) : Number.POSITIVE_INFINITY;
          await syncQueue(store, sender(t, options.token, faultOnce), uploads());
        }
      } catch {
        // The page died: what was not recorded stays queued for the next page.
      }
      store.budget = Number.POSITIVE_INFINITY;
      run.photoCuts += counts.cuts;
    }
    const none = (): Fault => "none";
    const clean = await syncQueue(
      store,
      sender(t, options.token, none),
      options.byHash ? { uploads: uploadTransport(t, options.token, none, { cuts: 0 }) } : {},
    );
    const left = await store.items();
    if (clean.error || left.length > 0)
      throw new Error(`cycle ${cycle}: queue not empty: ${JSON.stringify(left).slice(0, 500)}`);

    for (const c of created) {
      const rows = await t.ctx.db
        .selectFrom("snagging_reports")
        .select("id")
        .where("description", "=", c.marker)
        .execute();
      if (rows.length === 0) run.losses += 1;
      if (rows.length > 1) run.duplicates += rows.length - 1;
      run.reports += 1;
      for (const row of rows) {
        const attachments = await t.ctx.db
          .selectFrom("attachments")
          .select("id")
          .where("report_id", "=", row.id)
          .execute();
        if (attachments.length !== c.photos) run.losses += 1;
        run.photos += attachments.length;
      }
    }
    synced.push(...[...(await store.mappings()).values()].slice(-10));
    run.cycles += 1;
  }
  return run;
}
