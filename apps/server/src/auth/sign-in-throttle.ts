// Bounds password guessing without handing anyone a way to lock the owner out. Guarantees:
// - Only failed sign-ins count. A success clears the failures of that account from that address.
// - Per account and client address: ADDRESS_FAILURES failures per window, then that address waits.
//   An attacker's failures never block the owner signing in from another address.
// - Per account from every address: ACCOUNT_FAILURES failures per window (distributed guessing),
//   except for an address that signed in to the account successfully within KNOWN_ADDRESS_MS,
//   so even a botnet spending the ceiling does not keep the owner out from their usual address.
// - An attempt counts as a failure while it runs, so parallel guesses cannot pass a bound; a
//   refused attempt (429) never reaches the password check.
// - Registrations never touch these counters. The per-IP AUTH_RATE_LIMIT applies on top.
// Counters live in this instance's memory, each map capped so a flood of addresses cannot exhaust it;
// with REDIS_URL they live in Redis, so the bounds hold across every instance (docs/decisions/0017).
// Check-and-count is one Lua script there, so parallel guesses through several instances cannot
// pass a bound either. While Redis fails, an attempt is counted in this instance's memory instead
// (the bounds then hold per instance, as without Redis), with a warning.
import { AppError } from "../http/errors";
import type { SharedRedis } from "../shared-state/redis";

export const ADDRESS_FAILURES = 10;
export const ACCOUNT_FAILURES = 50;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const KNOWN_ADDRESS_MS = 7 * 24 * 60 * 60 * 1000;
const CAPACITY = 100_000;

/** Map entries that expire, oldest dropped first when the map is full. */
class ExpiringMap<V extends { expiresAt: number }> {
  private readonly entries = new Map<string, V>();

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: V, now: number): void {
    if (!this.entries.has(key) && this.entries.size >= CAPACITY) this.makeRoom(now);
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  private makeRoom(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    const oldest = this.entries.keys().next();
    if (this.entries.size >= CAPACITY && !oldest.done) this.entries.delete(oldest.value);
  }
}

class FailureCounter {
  private readonly counts = new ExpiringMap<{ count: number; expiresAt: number }>();
  constructor(private readonly max: number) {}

  /** Milliseconds until `key` may try again; 0 when it may now. */
  waitFor(key: string, now: number): number {
    const entry = this.counts.get(key, now);
    return entry && entry.count >= this.max ? entry.expiresAt - now : 0;
  }

  add(key: string, delta: number, now: number): void {
    const entry = this.counts.get(key, now);
    const count = (entry?.count ?? 0) + delta;
    if (count <= 0) this.counts.delete(key);
    else this.counts.set(key, { count, expiresAt: entry?.expiresAt ?? now + FAILURE_WINDOW_MS }, now);
  }

  clear(key: string): void {
    this.counts.delete(key);
  }
}

export function tooManyFailures(waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new AppError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { retryAfterSeconds: Math.ceil(waitMs / 1000) },
  );
}

/** Where the counters live. `begin` counts the attempt as a failure unless it is refused. */
interface ThrottleStore {
  /** Milliseconds the attempt must wait (it was not counted), or 0: counted, go ahead. */
  begin(account: string, pair: string): Promise<number>;
  /** The attempt was not a failure after all (it failed for another reason than the password). */
  undo(account: string, pair: string): Promise<void>;
  /** Signed in: clear this address's failures and remember the address. */
  succeeded(account: string, pair: string): Promise<void>;
}

class MemoryThrottleStore implements ThrottleStore {
  private readonly byAddress = new FailureCounter(ADDRESS_FAILURES);
  private readonly byAccount = new FailureCounter(ACCOUNT_FAILURES);
  private readonly knownAddresses = new ExpiringMap<{ expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  async begin(account: string, pair: string): Promise<number> {
    const now = this.now();
    const isKnown = this.knownAddresses.get(pair, now) !== undefined;
    const wait = Math.max(this.byAddress.waitFor(pair, now), isKnown ? 0 : this.byAccount.waitFor(account, now));
    if (wait > 0) return wait;
    this.byAddress.add(pair, 1, now);
    this.byAccount.add(account, 1, now);
    return 0;
  }

  async undo(account: string, pair: string): Promise<void> {
    this.byAddress.add(pair, -1, this.now());
    this.byAccount.add(account, -1, this.now());
  }

  async succeeded(account: string, pair: string): Promise<void> {
    const end = this.now();
    this.byAccount.add(account, -1, end);
    this.byAddress.clear(pair);
    this.knownAddresses.set(pair, { expiresAt: end + KNOWN_ADDRESS_MS }, end);
  }
}

// KEYS: address counter, account counter, known-address marker.
const BEGIN = `
local function waitFor(key, max)
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= max then
    local ttl = redis.call('PTTL', key)
    if ttl > 0 then return ttl end
  end
  return 0
end
local wait = waitFor(KEYS[1], tonumber(ARGV[1]))
if redis.call('EXISTS', KEYS[3]) == 0 then wait = math.max(wait, waitFor(KEYS[2], tonumber(ARGV[2]))) end
if wait > 0 then return wait end
for _, key in ipairs({KEYS[1], KEYS[2]}) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[3]) end
end
return 0`;
const DECREMENT = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 0`;

class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly redis: SharedRedis) {}

  private keys(account: string, pair: string) {
    const prefix = `${this.redis.prefix}signin:`;
    return {
      address: `${prefix}address:${pair}`,
      account: `${prefix}account:${account}`,
      known: `${prefix}known:${pair}`,
    };
  }

  async begin(account: string, pair: string): Promise<number> {
    const k = this.keys(account, pair);
    const args = [ADDRESS_FAILURES, ACCOUNT_FAILURES, FAILURE_WINDOW_MS];
    return Number(await this.redis.client.eval(BEGIN, 3, k.address, k.account, k.known, ...args));
  }

  async undo(account: string, pair: string): Promise<void> {
    const k = this.keys(account, pair);
    await this.redis.client.eval(DECREMENT, 2, k.address, k.account);
  }

  async succeeded(account: string, pair: string): Promise<void> {
    const k = this.keys(account, pair);
    await this.redis.client
      .multi()
      .eval(DECREMENT, 1, k.account)
      .del(k.address)
      .set(k.known, "1", "PX", KNOWN_ADDRESS_MS)
      .exec();
  }
}

export class SignInThrottle {
  private readonly memory: MemoryThrottleStore;
  private readonly shared: RedisThrottleStore | undefined;

  constructor(
    now: () => number = () => Date.now(),
    private readonly redis?: SharedRedis,
  ) {
    this.memory = new MemoryThrottleStore(now);
    this.shared = redis ? new RedisThrottleStore(redis) : undefined;
  }

  /** Redis when configured and answering, else memory; the attempt ends in the store it began in. */
  private async begin(account: string, pair: string): Promise<{ store: ThrottleStore; wait: number }> {
    if (this.shared) {
      try {
        return { store: this.shared, wait: await this.shared.begin(account, pair) };
      } catch (err) {
        this.redis?.warn("sign-in", err, "sign-in throttle: Redis unavailable, counting in this instance's memory");
      }
    }
    return { store: this.memory, wait: await this.memory.begin(account, pair) };
  }

  private settle(work: Promise<void>): Promise<void> {
    return work.catch((err: unknown) =>
      this.redis?.warn("sign-in", err, "sign-in throttle: Redis unavailable, a counter was not updated"),
    );
  }

  /**
   * Runs `signIn` unless this account is throttled for this address. A 401 from it is a failure;
   * a success clears this address's failures and remembers the address; any other error (the
   * database down, say), or a right password that leads to a second step, counts nothing: the
   * step's wrong codes then add to the same failures (mfa/mfa-sign-in.ts).
   */
  async attempt<T>(
    account: string,
    address: string,
    signIn: () => Promise<T>,
    /** False for a result that is not a sign-in yet (a second step follows): it counts nothing. */
    isSignedIn: (result: T) => boolean = () => true,
  ): Promise<T> {
    const pair = `${account}\n${address}`;
    const { store, wait } = await this.begin(account, pair);
    if (wait > 0) throw tooManyFailures(wait);

    let result: T;
    try {
      result = await signIn();
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 401)) await this.settle(store.undo(account, pair));
      throw error;
    }
    await this.settle(isSignedIn(result) ? store.succeeded(account, pair) : store.undo(account, pair));
    return result;
  }
}
