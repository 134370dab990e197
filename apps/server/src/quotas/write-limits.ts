// Fair share of writes (decision 0019): every write route charges what it writes, in items and
// bytes, to its account AND its workspace for the current minute, before doing the work. Beyond
// either budget the request answers 429 with Retry-After and a sentence, having changed nothing.
// Demo sandboxes get a tighter budget. Counted in the shared store (write-counter.ts), so the
// budgets hold across instances.
import type { FastifyRequest } from "fastify";
import type { WriteBudget } from "../config";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError } from "../http/errors";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";
import { FallbackWriteCounter, type WriteAmount, type WriteCounter } from "./write-counter";

export type { WriteAmount } from "./write-counter";

const WINDOW_MS = 60_000;
const KNOWN_WORKSPACES = 10_000;

function tooManyWrites(waitMs: number, whose: "account" | "workspace"): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const who = whose === "account" ? "You have" : "Your workspace has";
  return new AppError(
    429,
    `${who} saved a lot of changes in the last minute. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again; nothing was saved from this request.`,
    undefined,
    { retryAfterSeconds: seconds },
  );
}

export class WriteLimits {
  private readonly counter: WriteCounter;
  /** Whether a workspace is a demo sandbox never changes: remembered, so a write costs no query. */
  private readonly demo = new Map<string, boolean>();

  constructor(private readonly ctx: Pick<AppContext, "config" | "db" | "redis">) {
    this.counter = new FallbackWriteCounter(ctx.redis);
  }

  private async budgets(user: UserRow): Promise<{ account: WriteBudget; workspace: WriteBudget }> {
    let demo = this.demo.get(user.workspace_id);
    if (demo === undefined) {
      demo = await isDemoWorkspace(this.ctx.db, user.workspace_id);
      if (this.demo.size >= KNOWN_WORKSPACES) this.demo.clear();
      this.demo.set(user.workspace_id, demo);
    }
    const q = this.ctx.config.quotas;
    return demo ? { account: q.demo, workspace: q.demo } : { account: q.account, workspace: q.workspace };
  }

  /** Charges `amount` to the user and their workspace, or throws 429 (nothing charged). */
  async charge(user: UserRow, amount: WriteAmount): Promise<void> {
    if (amount.items <= 0 && amount.bytes <= 0) return;
    const { account, workspace } = await this.budgets(user);
    const accountKey = { key: `a:${user.id}`, ...account };
    const workspaceKey = { key: `w:${user.workspace_id}`, ...workspace };
    const { waitMs, refused } = await this.counter.charge([accountKey, workspaceKey], amount, WINDOW_MS);
    if (waitMs > 0) throw tooManyWrites(waitMs, refused === 0 ? "account" : "workspace");
  }
}

/** The request body's declared size (Content-Length), 0 when it is streamed without one. */
export function declaredBytes(request: FastifyRequest): number {
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

/**
 * One line for a write route: charges `items` changes and the request's bytes to the caller and
 * their workspace, or throws 429 with Retry-After. Call it before the body is read, so a refused
 * request costs neither parsing nor photo processing.
 */
export const chargeWrites = (ctx: AppContext, user: UserRow, amount: WriteAmount): Promise<void> =>
  ctx.writes.charge(user, amount);
