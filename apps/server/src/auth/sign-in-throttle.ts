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
// Counters live in this instance's memory, each map capped so a flood of addresses cannot exhaust it.
import { AppError } from "../http/errors";

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

export class SignInThrottle {
  private readonly byAddress = new FailureCounter(ADDRESS_FAILURES);
  private readonly byAccount = new FailureCounter(ACCOUNT_FAILURES);
  private readonly knownAddresses = new ExpiringMap<{ expiresAt: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /**
   * Runs `signIn` unless this account is throttled for this address. A 401 from it is a failure;
   * a success clears this address's failures and remembers the address; any other error (the
   * database down, say) counts nothing.
   */
  async attempt<T>(account: string, address: string, signIn: () => Promise<T>): Promise<T> {
    const pair = `${account}\n${address}`;
    const now = this.now();
    const isKnown = this.knownAddresses.get(pair, now) !== undefined;
    const wait = Math.max(this.byAddress.waitFor(pair, now), isKnown ? 0 : this.byAccount.waitFor(account, now));
    if (wait > 0) throw tooManyFailures(wait);

    this.byAddress.add(pair, 1, now);
    this.byAccount.add(account, 1, now);
    let result: T;
    try {
      result = await signIn();
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 401)) {
        this.byAddress.add(pair, -1, this.now());
        this.byAccount.add(account, -1, this.now());
      }
      throw error;
    }
    const end = this.now();
    this.byAccount.add(account, -1, end);
    this.byAddress.clear(pair);
    this.knownAddresses.set(pair, { expiresAt: end + KNOWN_ADDRESS_MS }, end);
    return result;
  }
}
