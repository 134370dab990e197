// Caps on the mail people can cause to addresses of their choosing (invitations, share links sent
// by email, resends; issue 34, decision 0049). Guarantees:
// - Every such message is charged to its account AND its workspace, per hour and per day, before
//   anything is made or queued; past any cap the request answers 429 with Retry-After and a
//   sentence, and nothing is created or queued.
// - Accounts younger than NEW_ACCOUNT_DAYS and demo sandboxes have their own, tighter caps.
// - Resending one invitation is refused within the cooldown after its last resend.
// - All counters of one send are checked and charged in one atomic step in the shared store
//   (write-counter.ts: Redis with REDIS_URL, so the caps hold across instances; memory otherwise
//   or while Redis fails, with a warning), so parallel requests cannot pass a cap together.
// Mail the system sends to an account's own address (password reset, notifications, digest) is
// not charged: its recipients are not chosen by the caller.
import type { MailCap } from "../config";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError } from "../http/errors";
import { type CounterLimit, FallbackWriteCounter } from "../quotas/write-counter";
import { isDemoWorkspace } from "../workspaces/workspaces.repository";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NEW_ACCOUNT_DAYS = 7;
const KNOWN_WORKSPACES = 10_000;
/** Mail is counted in items; the byte budget of the shared counter is not used. */
const NO_BYTES = Number.MAX_SAFE_INTEGER;

type Refusal = "account-hour" | "account-day" | "workspace-hour" | "workspace-day" | "resend";

function waitFor(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

function tooMuchMail(waitMs: number, refusal: Refusal): AppError {
  const wait = waitFor(waitMs);
  const sentence =
    refusal === "resend"
      ? `This invitation was sent again a moment ago. Please wait ${wait} before sending it again; nothing was sent.`
      : `${refusal.startsWith("account") ? "You have" : "Your workspace has"} sent as many emails as allowed ${
          refusal.endsWith("hour") ? "in an hour" : "in a day"
        }. Please wait ${wait} and try again; nothing was sent.`;
  return new AppError(429, sentence, undefined, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
}

export class MailLimits {
  private readonly counter: FallbackWriteCounter;
  /** Whether a workspace is a demo sandbox never changes: remembered, so a send costs no query. */
  private readonly demo = new Map<string, boolean>();

  constructor(
    private readonly ctx: Pick<AppContext, "config" | "db" | "redis">,
    /** The clock of the in-memory counters and of an account's age (tests move it on). */
    private readonly now: () => number = Date.now,
  ) {
    this.counter = new FallbackWriteCounter(ctx.redis, now);
  }

  private async isDemo(workspaceId: string): Promise<boolean> {
    let demo = this.demo.get(workspaceId);
    if (demo === undefined) {
      demo = await isDemoWorkspace(this.ctx.db, workspaceId);
      if (this.demo.size >= KNOWN_WORKSPACES) this.demo.clear();
      this.demo.set(workspaceId, demo);
    }
    return demo;
  }

  private async accountCap(user: UserRow): Promise<MailCap> {
    const limits = this.ctx.config.mailLimits;
    const isNew = this.now() / 1000 - Number(user.created_at) < NEW_ACCOUNT_DAYS * 24 * 60 * 60;
    return isNew || (await this.isDemo(user.workspace_id)) ? limits.newAccount : limits.account;
  }

  /**
   * Charges `count` messages to the user and their workspace, or throws 429 having charged
   * nothing. `resendOf` names an invitation being sent again: its cooldown is checked and started
   * in the same step.
   */
  async charge(user: UserRow, count = 1, resendOf?: string): Promise<void> {
    const account = await this.accountCap(user);
    const workspace = this.ctx.config.mailLimits.workspace;
    const cap = (key: string, items: number, windowMs: number): CounterLimit => ({
      key: `mail:${key}`,
      items,
      bytes: NO_BYTES,
      windowMs,
    });
    const limits = [
      cap(`a:h:${user.id}`, account.hour, HOUR_MS),
      cap(`a:d:${user.id}`, account.day, DAY_MS),
      cap(`w:h:${user.workspace_id}`, workspace.hour, HOUR_MS),
      cap(`w:d:${user.workspace_id}`, workspace.day, DAY_MS),
    ];
    const refusals: Refusal[] = ["account-hour", "account-day", "workspace-hour", "workspace-day"];
    const cooldownMs = this.ctx.config.mailLimits.resendCooldownSeconds * 1000;
    if (resendOf !== undefined && cooldownMs > 0) {
      // One resend per cooldown: the second one in the window does not fit under a limit of one.
      limits.push(cap(`resend:${resendOf}`, 1, cooldownMs));
      refusals.push("resend");
    }
    const { waitMs, refused } = await this.counter.charge(limits, { items: count, bytes: 0 }, HOUR_MS);
    if (waitMs > 0) throw tooMuchMail(waitMs, refusals[refused] ?? "account-hour");
  }
}
