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
const KNOWN_REFUSALS = 10_000;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * What the route charges before any work (`chargeWrites`' first call). With it the guard can
     * answer a caller this instance has just refused for at least that much with 429 before the
     * user lookup, so a flood of refused requests costs no query (decision 0037).
     */
    firstWrite?: (request: FastifyRequest) => WriteAmount;
  }
}

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
  /** The latest refusal per account on this instance, until its budget's window ends. */
  private readonly refusals = new Map<string, WriteAmount & { until: number; whose: "account" | "workspace" }>();

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
    if (waitMs === 0) return;
    const whose = refused === 0 ? "account" : "workspace";
    if (this.refusals.size >= KNOWN_REFUSALS) this.refusals.clear();
    this.refusals.set(user.id, { ...amount, until: Date.now() + waitMs, whose });
    throw tooManyWrites(waitMs, whose);
  }

  /**
   * Throws the 429 a charge of `amount` would get, when this instance refused `userId` at least
   * that much earlier in the same window; else nothing (the charge decides). Exact, not a guess:
   * within a window a counter only grows and its end does not move, so a write of at least as many
   * items and bytes as a refused one is refused too until the refusing budget's window ends. Needs
   * no user row: the guard calls it before its lookup (decision 0037).
   */
  refuseIfKnown(userId: string, amount: WriteAmount): void {
    const known = this.refusals.get(userId);
    if (!known) return;
    const waitMs = known.until - Date.now();
    if (waitMs <= 0) {
      this.refusals.delete(userId);
      return;
    }
    if (amount.items >= known.items && amount.bytes >= known.bytes) throw tooManyWrites(waitMs, known.whose);
  }
}

/** The request body's declared size (Content-Length), 0 when it is streamed without one. */
export function declaredBytes(request: FastifyRequest): number {
  const length = Number(request.headers["content-length"] ?? 0);
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

/** The first charge of most write routes: one change and the declared bytes (route `config.firstWrite`). */
export const oneWrite = (request: FastifyRequest): WriteAmount => ({ items: 1, bytes: declaredBytes(request) });

/**
 * One line for a write route: charges `items` changes and the request's bytes to the caller and
 * their workspace, or throws 429 with Retry-After. Call it before the body is read, so a refused
 * request costs neither parsing nor photo processing.
 */
export const chargeWrites = (ctx: AppContext, user: UserRow, amount: WriteAmount): Promise<void> =>
  ctx.writes.charge(user, amount);
