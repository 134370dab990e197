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
type RouteOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
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
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis);
  }
}

/** The `store` option of @fastify/rate-limit: the plugin constructs it with its global options. */
export function sharedRateLimitStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore extends FallbackStore {
    constructor(options: RouteOptions) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis.client, `${redis.prefix}rl:`),
        new LocalStore(options.continueExceeding, options.exponentialBackoff),
        redis,
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
