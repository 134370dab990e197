// A store for @fastify/rate-limit that counts in Redis, shared by every instance, and falls back
// to this instance's memory while Redis fails (fail open to the per-instance limit, with a warning
// at most once a minute): an outage of the shared store neither answers 500 nor lifts the limits.
import { createRequire } from "node:module";
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { SharedRedis } from "./redis";

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result: Result | null) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
};
/** The plugin's options, global or per route; only passed through to its stores. */
type RouteOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** The route a limiter belongs to: empty for one made with app.createRateLimit(). */
  routeInfo?: { method?: string; url?: string };
};
type StoreConstructor = new (...args: unknown[]) => Store;

// The plugin's own stores (CommonJS, no typings of their own).
const require = createRequire(import.meta.url);
const RedisStore = require("@fastify/rate-limit/store/RedisStore.js") as StoreConstructor;
const LocalStore = require("@fastify/rate-limit/store/LocalStore.js") as StoreConstructor;

class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly redis: SharedRedis,
    /** A Redis store counting under the shared prefix alone, for limiters without a route. */
    private readonly unrouted: (options: RouteOptions) => Store,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.redis.warn("rate-limit", err, "rate limit: Redis unavailable, counting in this instance's memory");
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    if (!this.shared.read || !this.local.read) {
      cb(new Error("rate-limit store cannot read"), null);
      return;
    }
    this.shared.read(
      key,
      (err, result) => {
        if (!err) return cb(null, result);
        this.redis.warn("rate-limit", err, "rate limit: Redis unavailable, counting in this instance's memory");
        this.local.read?.(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): Store {
    // The plugin's RedisStore names a child's keys `<method><url>-`; a limiter made with
    // app.createRateLimit() has neither, which made `rl:undefinedundefined-register:<email>`. Such a
    // limiter's key generator names its keys itself ("register:<email>"), so it counts under `rl:`.
    const info = routeOptions.routeInfo;
    const hasRoute = info?.method !== undefined || info?.url !== undefined;
    const shared = hasRoute ? this.shared.child(routeOptions) : this.unrouted(routeOptions);
    return new FallbackStore(shared, this.local.child(routeOptions), this.redis, this.unrouted);
  }
}

/** The `store` option of @fastify/rate-limit: the plugin constructs it with its global options. */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  const redisStore = (options: RouteOptions) =>
    new RedisStore(options.continueExceeding, options.exponentialBackoff, redis.client, `${redis.prefix}rl:`);
  return class SharedRateLimitStore extends FallbackStore {
    constructor(options: RouteOptions) {
      super(
        redisStore(options),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
        redis,
        redisStore,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
