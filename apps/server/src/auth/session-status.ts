// Whether the session an access token belongs to (its refresh-token family, claim `sid`) is still
// live, asked on every authenticated request. Guarantees:
// - Logout and refresh-token reuse detection on this instance end the session's access tokens at
//   once (`end`), not when the tokens expire.
// - A session ended through another instance is refused here within LIVE_CHECK_TTL_MS: a "live"
//   answer is trusted that long, so a busy session costs one query per TTL rather than per request.
// - "Ended" is final (no token can be issued in a family without a live token), so it is kept
//   until every access token of that session has expired anyway.
// Memory is bounded: the oldest entries go first past CAPACITY.
import type { Db } from "../db/database";
import { nowSeconds } from "../time";
import { hasLiveRefreshToken } from "./refresh-tokens.repository";
import { ACCESS_TOKEN_TTL_SECONDS } from "./tokens";

export const LIVE_CHECK_TTL_MS = 30_000;
const ENDED_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
const CAPACITY = 100_000;

export class SessionStatus {
  private readonly known = new Map<string, { isLive: boolean; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async isLive(sessionId: string): Promise<boolean> {
    const cached = this.known.get(sessionId);
    if (cached && cached.until > this.now()) return cached.isLive;
    const isLive = await hasLiveRefreshToken(this.db, sessionId, nowSeconds());
    this.remember(sessionId, isLive);
    return isLive;
  }

  /** The session was revoked here: refuse its access tokens from now on. */
  end(sessionId: string): void {
    this.remember(sessionId, false);
  }

  private remember(sessionId: string, isLive: boolean): void {
    this.known.delete(sessionId);
    if (this.known.size >= CAPACITY) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(sessionId, { isLive, until: this.now() + (isLive ? LIVE_CHECK_TTL_MS : ENDED_TTL_MS) });
  }
}
