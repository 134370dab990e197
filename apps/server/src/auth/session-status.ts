// Whether the session an access token belongs to (its refresh-token family, claim `sid`) is still
// live, asked on every authenticated request. Guarantees:
// - Logout and refresh-token reuse detection on this instance end the session's access tokens at
//   once (`end`), not when the tokens expire.
// - A session ended through another instance is refused here within LIVE_CHECK_TTL_MS: a "live"
//   answer is trusted that long, so a busy session costs one query per TTL rather than per request.
// - With REDIS_URL, `end` is also published to every instance, which forgets its "live" answer at
//   once: the bound becomes the pub/sub delivery time. A message lost while the subscription was
//   down cannot be replayed, so every "live" answer is dropped when it comes back; a failed publish
//   leaves the others on the LIVE_CHECK_TTL_MS bound (docs/decisions/0017).
// - "Ended" is final (no token can be issued in a family without a live token), so it is kept
//   until every access token of that session has expired anyway.
// Memory is bounded: the oldest entries go first past CAPACITY.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database";
import type { SharedRedis } from "../shared-state/redis";
import { nowSeconds } from "../time";
import { hasLiveRefreshToken } from "./refresh-tokens.repository";
import { ACCESS_TOKEN_TTL_SECONDS } from "./tokens";

export const LIVE_CHECK_TTL_MS = 30_000;
const ENDED_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
const CAPACITY = 100_000;

export class SessionStatus {
  private readonly known = new Map<string, { isLive: boolean; until: number }>();

  private readonly channel: string | undefined;

  /** Told of every session seen ended (here, through another instance, or found so): live streams close. */
  private readonly endedListeners = new Set<(sessionId: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
    private readonly redis?: SharedRedis,
  ) {
    this.channel = redis ? `${redis.prefix}sessions-ended` : undefined;
  }

  /** Starts listening to sessions ended through other instances (with REDIS_URL). */
  async subscribe(log: FastifyBaseLogger): Promise<void> {
    const { redis, channel } = this;
    if (!redis || !channel) return;
    redis.subscriber.on("message", (from: string, sessionId: string) => {
      if (from === channel) this.remember(sessionId, false);
    });
    let wasDown = false;
    redis.subscriber.on("close", () => {
      wasDown = true;
    });
    redis.subscriber.on("ready", () => {
      if (!wasDown) return;
      wasDown = false;
      this.forgetLive();
      log.info("session revocations: subscription restored, cached live sessions forgotten");
    });
    await redis.subscriber.subscribe(channel);
  }

  async isLive(sessionId: string): Promise<boolean> {
    const cached = this.known.get(sessionId);
    if (cached && cached.until > this.now()) return cached.isLive;
    const isLive = await hasLiveRefreshToken(this.db, sessionId, nowSeconds());
    this.remember(sessionId, isLive);
    return isLive;
  }

  /** The session was revoked here: refuse its access tokens from now on, on every instance. */
  async end(sessionId: string): Promise<void> {
    this.remember(sessionId, false);
    if (!this.redis || !this.channel) return;
    try {
      await this.redis.client.publish(this.channel, sessionId);
    } catch (err) {
      this.redis.warn(
        "sessions",
        err,
        "session revocation not published (Redis unavailable): other instances refuse it within 30 s",
      );
    }
  }

  /** Calls `listener` with each session seen ended from now on; returns the unsubscribe. */
  onEnded(listener: (sessionId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private forgetLive(): void {
    for (const [sessionId, status] of this.known) if (status.isLive) this.known.delete(sessionId);
  }

  private remember(sessionId: string, isLive: boolean): void {
    this.known.delete(sessionId);
    if (this.known.size >= CAPACITY) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(sessionId, { isLive, until: this.now() + (isLive ? LIVE_CHECK_TTL_MS : ENDED_TTL_MS) });
    if (!isLive) for (const listener of this.endedListeners) listener(sessionId);
  }
}
