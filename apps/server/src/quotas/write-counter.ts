// Fixed-window counters of writes, in items and bytes, per key (an account, a workspace). Guarantees:
// - Check-and-charge is atomic over every key of one write: either every counter is charged or
//   none is, so parallel writes spread over instances cannot pass a bound together.
// - A write is let through when it fits under every limit, or when a counter is still empty in its
//   window: one write larger than the whole limit (a big photo batch) passes alone, then waits.
// - With REDIS_URL the counters live in Redis (one Lua script), so the limits hold across every
//   instance; while Redis fails each instance counts in its own memory with a warning (decision
//   0017's fail-open rule), never a 500. Without Redis, memory; the map is capped.
import type { SharedRedis } from "../shared-state/redis";

export type WriteAmount = { items: number; bytes: number };
/** `windowMs`, when given, is this counter's own window (the mail caps count an hour and a day at once). */
export type CounterLimit = { key: string; items: number; bytes: number; windowMs?: number };

const CAPACITY = 100_000;

/** `waitMs` 0: charged. Else nothing was charged; `refused` is the index of the longest-waiting limit. */
export type ChargeResult = { waitMs: number; refused: number };

export interface WriteCounter {
  charge(limits: readonly CounterLimit[], amount: WriteAmount, windowMs: number): Promise<ChargeResult>;
}

const fits = (used: WriteAmount, amount: WriteAmount, limit: CounterLimit) =>
  (used.items === 0 && used.bytes === 0) ||
  (used.items + amount.items <= limit.items && used.bytes + amount.bytes <= limit.bytes);

export class MemoryWriteCounter implements WriteCounter {
  private readonly windows = new Map<string, WriteAmount & { endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async charge(limits: readonly CounterLimit[], amount: WriteAmount, windowMs: number): Promise<ChargeResult> {
    const now = this.now();
    const refusal = { waitMs: 0, refused: -1 };
    for (const [n, limit] of limits.entries()) {
      const used = this.current(limit.key, now);
      if (used && !fits(used, amount, limit) && used.endsAt - now > refusal.waitMs) {
        refusal.waitMs = used.endsAt - now;
        refusal.refused = n;
      }
    }
    if (refusal.waitMs > 0) return refusal;
    for (const limit of limits) {
      const used = this.current(limit.key, now);
      if (used) {
        used.items += amount.items;
        used.bytes += amount.bytes;
      } else {
        if (this.windows.size >= CAPACITY) this.makeRoom(now);
        this.windows.set(limit.key, { ...amount, endsAt: now + (limit.windowMs ?? windowMs) });
      }
    }
    return refusal;
  }

  private current(key: string, now: number) {
    const entry = this.windows.get(key);
    if (entry && entry.endsAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  private makeRoom(now: number): void {
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
    const oldest = this.windows.keys().next();
    if (this.windows.size >= CAPACITY && !oldest.done) this.windows.delete(oldest.value);
  }
}

// KEYS: one hash per counter (fields i = items, b = bytes). ARGV: items, bytes, the default window
// ms (unused here), then per key its item limit, byte limit and window ms. Answers {wait ms, refusing key's index (1-based)}, or {0, 0} once
// every counter is charged.
const CHARGE = `
local items, bytes = tonumber(ARGV[1]), tonumber(ARGV[2])
local wait, refused = 0, 0
for n, key in ipairs(KEYS) do
  local used = redis.call('HMGET', key, 'i', 'b')
  local ui, ub = tonumber(used[1] or '0'), tonumber(used[2] or '0')
  local maxItems, maxBytes = tonumber(ARGV[1 + n * 3]), tonumber(ARGV[2 + n * 3])
  if not (ui == 0 and ub == 0) and (ui + items > maxItems or ub + bytes > maxBytes) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1 then ttl = tonumber(ARGV[3 + n * 3]) end
    if ttl > wait then wait, refused = ttl, n end
  end
end
if wait > 0 then return {wait, refused} end
for n, key in ipairs(KEYS) do
  redis.call('HINCRBY', key, 'i', items)
  redis.call('HINCRBY', key, 'b', bytes)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, tonumber(ARGV[3 + n * 3])) end
end
return {0, 0}`;

export class RedisWriteCounter implements WriteCounter {
  constructor(private readonly redis: SharedRedis) {}

  async charge(limits: readonly CounterLimit[], amount: WriteAmount, windowMs: number): Promise<ChargeResult> {
    const keys = limits.map((l) => `${this.redis.prefix}writes:${l.key}`);
    const args = [
      amount.items,
      amount.bytes,
      windowMs,
      ...limits.flatMap((l) => [l.items, l.bytes, l.windowMs ?? windowMs]),
    ];
    const [wait, refused] = (await this.redis.client.eval(CHARGE, keys.length, ...keys, ...args)) as [number, number];
    return { waitMs: Number(wait), refused: Number(refused) - 1 };
  }
}

/** Redis when configured and answering, else this instance's memory (with a warning). */
export class FallbackWriteCounter implements WriteCounter {
  private readonly memory: MemoryWriteCounter;
  private readonly shared: RedisWriteCounter | undefined;

  constructor(
    private readonly redis?: SharedRedis,
    now: () => number = Date.now,
  ) {
    this.shared = redis ? new RedisWriteCounter(redis) : undefined;
    this.memory = new MemoryWriteCounter(now);
  }

  async charge(limits: readonly CounterLimit[], amount: WriteAmount, windowMs: number): Promise<ChargeResult> {
    if (this.shared) {
      try {
        return await this.shared.charge(limits, amount, windowMs);
      } catch (err) {
        this.redis?.warn("write-limits", err, "write limits: Redis unavailable, counting in this instance's memory");
      }
    }
    return this.memory.charge(limits, amount, windowMs);
  }
}
