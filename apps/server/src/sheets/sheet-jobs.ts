// Renders sheet revisions off the request path. An upload answers as soon as its rows are
// committed (status `processing`); this queue then renders each revision in the sheet pool, puts
// its files into storage, and settles it `ready` (or `failed` with a sentence) in one UPDATE that
// only applies while it is still processing. Guarantees:
// - a revision deleted while rendering gets its freshly stored files removed again (no orphans);
// - workspaces take turns (decision 0047): each has its own queue and the free lanes go to them
//   round robin, so another workspace's page waits for at most the pages already being drawn,
//   never behind a 100-page set; a workspace may have at most SHEET_QUEUE_PAGES pages waiting or
//   being drawn (beyond that an upload answers 429 with Retry-After);
// - an upload whose pages were stopped STRIKES times (time or memory) has its remaining pages
//   failed at once with a sentence instead of drawn: a set of hostile pages costs two budgets;
// - the queue lives in memory, so on start-up every revision still `processing` whose render had
//   not started is queued again (a stop before its turn loses nothing); with several instances
//   each resumes them, and the settle-once UPDATE keeps one result while the other's files are
//   removed. A revision whose render had started (render_started_at) is never drawn again: it was
//   being drawn when its server stopped, so once a render's budget has passed since it started it
//   is settled failed (a stop at close puts it back unstarted).
import type { Readable } from "node:stream";
import type { AppContext } from "../context";
import type { SheetRevisionRow } from "../db/schema";
import { recordLiveEvent } from "../events/events.writer";
import { AppError } from "../http/errors";
import { chargeStorage } from "../quotas/storage-quota";
import { nowSeconds } from "../time";
import { previewKey, thumbnailKey } from "./sheet-files";
import type { SheetRenderer } from "./sheet-pool";
import type { SheetKind } from "./sheet-render";
import {
  failInterruptedRender,
  findProcessingRevisions,
  findRevision,
  markRenderStarted,
  settleRevision,
} from "./sheets.repository";

const PUT_CONCURRENCY = 8;
const GENERIC_FAILURE =
  "This page could not be drawn. Upload the file again, or export it again from the drawing program.";
/** Pages of one upload stopped (time or memory) after which its other pages are not drawn. */
export const STRIKES = 2;
const STRUCK =
  "This page was not drawn: other pages of the same file took too long or needed too much memory. Export the drawing again with simpler pages or smaller images.";
const INTERRUPTED =
  "The server stopped while drawing this page, so it was not drawn again. Upload the drawing again, or export it again from the drawing program.";
/** Beyond the render's own budget, how long a started render may have been finishing elsewhere. */
const INTERRUPT_GRACE_SECONDS = 60;
/** Uploads' files kept between pages (two workspaces taking turns each find theirs). */
const SOURCE_CACHE = 2;
const QUEUE_FULL_RETRY_SECONDS = 60;

const kindOf = (sourceKey: string): SheetKind =>
  sourceKey.endsWith(".pdf") ? "pdf" : sourceKey.endsWith(".png") ? "png" : "jpeg";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function putAll(ctx: AppContext, files: { key: string; bytes: Uint8Array }[]): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const lane = async () => {
    while (next < files.length) {
      const file = files[next++] as { key: string; bytes: Uint8Array };
      try {
        await ctx.storage.put(
          file.key,
          Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength),
          "image/jpeg",
        );
      } catch (err) {
        failures.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: PUT_CONCURRENCY }, lane));
  if (failures.length > 0) throw failures[0];
}

export type SheetJobOptions = {
  /** Pages drawn at once (SHEET_WORKERS). */
  lanes: number;
  /** Pages one workspace may have waiting or being drawn (SHEET_QUEUE_PAGES). */
  maxQueuedPages: number;
  /** One page's time budget (SHEET_RENDER_TIMEOUT_SECONDS). */
  renderTimeoutSeconds: number;
};

export class SheetJobs {
  /** Revisions waiting, per workspace; the Map's order is the turn order (round robin). */
  private readonly waiting = new Map<string, string[]>();
  /** Revisions being drawn, per workspace. */
  private readonly drawing = new Map<string, number>();
  private running = 0;
  private closed = false;
  /** Pages stopped per upload (its source key): STRIKES of them and the rest are not drawn. */
  private readonly strikes = new Map<string, number>();
  /** The last source files read: the pages of one upload render one after another from it. */
  private readonly sources: { key: string; bytes: Buffer }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly renderer: SheetRenderer,
    private readonly options: SheetJobOptions,
  ) {}

  /** Pages of a workspace waiting or being drawn. */
  queued(workspaceId: string): number {
    return (this.waiting.get(workspaceId)?.length ?? 0) + (this.drawing.get(workspaceId) ?? 0);
  }

  /** Refuses (429, nothing stored) an upload of `pages` pages that would pass the workspace's cap. */
  assertRoom(workspaceId: string, pages: number): void {
    const queued = this.queued(workspaceId);
    if (queued + pages <= this.options.maxQueuedPages) return;
    throw new AppError(
      429,
      `Your workspace has ${queued} drawing page${queued === 1 ? "" : "s"} still being prepared, and at most ${this.options.maxQueuedPages} can wait at once. Upload this drawing when they are ready.`,
      undefined,
      { retryAfterSeconds: QUEUE_FULL_RETRY_SECONDS },
    );
  }

  enqueue(workspaceId: string, revisionIds: readonly string[]): void {
    if (revisionIds.length === 0) return;
    const queue = this.waiting.get(workspaceId);
    if (queue) queue.push(...revisionIds);
    else this.waiting.set(workspaceId, [...revisionIds]);
    this.pump();
  }

  /**
   * At start-up: queues every revision left `processing` before its render started, and settles
   * failed those whose render started and never finished (at once if a render's budget has passed
   * since, else once it has: another instance may still be drawing it and settle it first).
   */
  async resume(): Promise<void> {
    const now = nowSeconds();
    const limit = this.options.renderTimeoutSeconds + INTERRUPT_GRACE_SECONDS;
    for (const row of await findProcessingRevisions(this.ctx.db)) {
      const startedAt = row.render_started_at;
      if (startedAt === null) {
        this.enqueue(row.workspace_id, [row.id]);
        continue;
      }
      const wait = startedAt + limit - now;
      if (wait <= 0) {
        await failInterruptedRender(this.ctx.db, row.id, startedAt, INTERRUPTED);
        continue;
      }
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        failInterruptedRender(this.ctx.db, row.id, startedAt, INTERRUPTED).catch((err: unknown) =>
          this.ctx.log.warn({ err, revisionId: row.id }, "could not settle an interrupted sheet render"),
        );
      }, wait * 1000);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Resolves when nothing waits or runs (tests, the benchmark). */
  idle(): Promise<void> {
    if (this.waiting.size === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.renderer.close();
    // A render that had finished may still be storing its tiles or settling: let it, so nothing
    // writes to storage or the database after the app has closed.
    await this.idle();
  }

  /** The next revision to draw: the first workspace in turn gives one and goes to the back. */
  private nextTurn(): { id: string; workspaceId: string } | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [workspaceId, queue] = first.value;
    const id = queue.shift() as string;
    this.waiting.delete(workspaceId);
    if (queue.length > 0) this.waiting.set(workspaceId, queue);
    return { id, workspaceId };
  }

  private pump(): void {
    while (!this.closed && this.running < this.options.lanes) {
      const next = this.nextTurn();
      if (!next) break;
      const { id, workspaceId } = next;
      this.running += 1;
      this.drawing.set(workspaceId, (this.drawing.get(workspaceId) ?? 0) + 1);
      this.process(id)
        .catch((err: unknown) => this.ctx.log.error({ err, revisionId: id }, "sheet render failed"))
        .finally(() => {
          this.running -= 1;
          const left = (this.drawing.get(workspaceId) ?? 1) - 1;
          if (left > 0) this.drawing.set(workspaceId, left);
          else this.drawing.delete(workspaceId);
          this.pump();
          if (this.waiting.size === 0 && this.running === 0) {
            this.strikes.clear();
            for (const done of this.idleWaiters.splice(0)) done();
          }
        });
    }
  }

  private async sourceBytes(key: string): Promise<Buffer | undefined> {
    const cached = this.sources.find((s) => s.key === key);
    if (cached) return cached.bytes;
    const stream = await this.ctx.storage.get(key);
    if (!stream) return undefined;
    const bytes = await readAll(stream);
    this.sources.unshift({ key, bytes });
    this.sources.length = Math.min(this.sources.length, SOURCE_CACHE);
    return bytes;
  }

  private async process(id: string): Promise<void> {
    const revision = await findRevision(this.ctx.db, id);
    if (revision?.status !== "processing") return;
    if ((this.strikes.get(revision.source_key) ?? 0) >= STRIKES) {
      await this.fail(revision, STRUCK);
      return;
    }
    const bytes = await this.sourceBytes(revision.source_key);
    if (!bytes) {
      await this.fail(revision, "The uploaded file is missing from storage. Upload the drawing again.");
      return;
    }
    await markRenderStarted(this.ctx.db, id, nowSeconds());
    let rendered: Awaited<ReturnType<SheetRenderer["render"]>>;
    try {
      rendered = await this.renderer.render(bytes, kindOf(revision.source_key), revision.source_page);
    } catch (err) {
      if (this.closed) {
        // Shutting down: stays processing, unstarted, and is drawn at the next start.
        await markRenderStarted(this.ctx.db, id, null);
        return;
      }
      this.ctx.log.error({ err, revisionId: id }, "sheet render crashed");
      await this.fail(revision, GENERIC_FAILURE);
      return;
    }
    if ("error" in rendered) {
      if ("stopped" in rendered && rendered.stopped) {
        this.strikes.set(revision.source_key, (this.strikes.get(revision.source_key) ?? 0) + 1);
      }
      await this.fail(revision, rendered.error);
      return;
    }
    const files = [
      ...rendered.tiles.map((t) => ({ key: `${revision.tiles_key}/${t.name}`, bytes: t.bytes })),
      { key: thumbnailKey(revision.tiles_key), bytes: rendered.thumbnail },
      { key: previewKey(revision.tiles_key), bytes: rendered.preview },
    ];
    try {
      await putAll(this.ctx, files);
    } catch (err) {
      this.ctx.log.error({ err, revisionId: id }, "could not store sheet tiles");
      await this.removeFiles(files.map((f) => f.key));
      await this.fail(revision, "The drawing could not be stored. Upload it again in a moment.");
      return;
    }
    const tileBytes = files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
    let settled = false;
    try {
      // The rendered files count against the workspace's storage from the commit that names them.
      settled = await this.ctx.db.transaction().execute(async (trx) => {
        const done = await settleRevision(trx, id, {
          status: "ready",
          failure_reason: null,
          width: rendered.width,
          height: rendered.height,
          tile_bytes: tileBytes,
        });
        if (done) {
          await chargeStorage(this.ctx, trx, revision.workspace_id, tileBytes);
          await recordLiveEvent(trx, {
            workspaceId: revision.workspace_id,
            type: "sheet.ready",
            subjectId: revision.sheet_id,
            actor: null,
          });
        }
        return done;
      });
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 413)) throw err;
      await this.removeFiles(files.map((f) => f.key));
      await this.fail(
        revision,
        "Your workspace's storage is full, so this drawing could not be drawn. Free some room, then upload it again.",
      );
      return;
    }
    // Deleted (or settled elsewhere) while rendering: these files belong to no row.
    if (!settled) await this.removeFiles(files.map((f) => f.key));
  }

  private async fail(revision: SheetRevisionRow, reason: string): Promise<void> {
    await settleRevision(this.ctx.db, revision.id, { status: "failed", failure_reason: reason });
  }

  private async removeFiles(keys: string[]): Promise<void> {
    await this.ctx.storage
      .delete(keys)
      .catch((err: unknown) => this.ctx.log.warn({ err }, "could not delete some sheet files"));
  }
}
