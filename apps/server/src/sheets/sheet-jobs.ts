// Renders sheet revisions off the request path. An upload answers as soon as its rows are
// committed (status `processing`); this queue then renders each revision in the sheet pool, puts
// its files into storage, and settles it `ready` (or `failed` with a sentence) in one UPDATE that
// only applies while it is still processing. Guarantees:
// - a revision deleted while rendering gets its freshly stored files removed again (no orphans);
// - the queue lives in memory, so on start-up every revision still `processing` is queued again
//   (a crash or restart mid-render loses nothing); with several instances each resumes them, and
//   the settle-once UPDATE keeps one result while the other's files are removed.
import type { Readable } from "node:stream";
import type { AppContext } from "../context";
import type { SheetRevisionRow } from "../db/schema";
import { AppError } from "../http/errors";
import { chargeStorage } from "../quotas/storage-quota";
import { previewKey, thumbnailKey } from "./sheet-files";
import type { SheetRenderer } from "./sheet-pool";
import type { SheetKind } from "./sheet-render";
import { findProcessingRevisionIds, findRevision, settleRevision } from "./sheets.repository";

const PUT_CONCURRENCY = 8;
const GENERIC_FAILURE =
  "This page could not be drawn. Upload the file again, or export it again from the drawing program.";

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

export class SheetJobs {
  private readonly waiting: string[] = [];
  private running = 0;
  private closed = false;
  /** The last source file read: the pages of one upload render one after another from it. */
  private source: { key: string; bytes: Buffer } | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly renderer: SheetRenderer,
    private readonly lanes: number,
  ) {}

  enqueue(revisionIds: readonly string[]): void {
    this.waiting.push(...revisionIds);
    this.pump();
  }

  /** Queues every revision left `processing` (called once at start-up). */
  async resume(): Promise<void> {
    this.enqueue(await findProcessingRevisionIds(this.ctx.db));
  }

  /** Resolves when nothing waits or runs (tests, the benchmark). */
  idle(): Promise<void> {
    if (this.waiting.length === 0 && this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await this.renderer.close();
    // A render that had finished may still be storing its tiles or settling: let it, so nothing
    // writes to storage or the database after the app has closed.
    await this.idle();
  }

  private pump(): void {
    while (!this.closed && this.running < this.lanes && this.waiting.length > 0) {
      const id = this.waiting.shift() as string;
      this.running += 1;
      this.process(id)
        .catch((err: unknown) => this.ctx.log.error({ err, revisionId: id }, "sheet render failed"))
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.waiting.length === 0 && this.running === 0) for (const done of this.idleWaiters.splice(0)) done();
        });
    }
  }

  private async sourceBytes(key: string): Promise<Buffer | undefined> {
    if (this.source?.key === key) return this.source.bytes;
    const stream = await this.ctx.storage.get(key);
    if (!stream) return undefined;
    this.source = { key, bytes: await readAll(stream) };
    return this.source.bytes;
  }

  private async process(id: string): Promise<void> {
    const revision = await findRevision(this.ctx.db, id);
    if (revision?.status !== "processing") return;
    const bytes = await this.sourceBytes(revision.source_key);
    if (!bytes) {
      await this.fail(revision, "The uploaded file is missing from storage. Upload the drawing again.");
      return;
    }
    let rendered: Awaited<ReturnType<SheetRenderer["render"]>>;
    try {
      rendered = await this.renderer.render(bytes, kindOf(revision.source_key), revision.source_page);
    } catch (err) {
      if (this.closed) return; // shutting down: stays processing, resumed at the next start
      this.ctx.log.error({ err, revisionId: id }, "sheet render crashed");
      await this.fail(revision, GENERIC_FAILURE);
      return;
    }
    if ("error" in rendered) {
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
        if (done) await chargeStorage(this.ctx, trx, revision.workspace_id, tileBytes);
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
