import { AppError } from "./errors";

/**
 * At most `limit` operations in flight per key (one instance): `run` answers 429 with Retry-After
 * beyond that, at once, instead of queueing. Used where one account could otherwise fill a queue
 * that every workspace waits in (the PDF pool).
 */
export class PerKeyLimit {
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly message: string,
    private readonly retryAfterSeconds = 5,
  ) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const release = this.hold(key);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * Takes one of `key`'s places (429 when none is left) until the answer is called, for work that
   * outlives a promise (a streamed answer: released when its stream closes). Releasing twice is harmless.
   */
  hold(key: string): () => void {
    const mine = this.inFlight.get(key) ?? 0;
    if (mine >= this.limit) {
      throw new AppError(429, this.message, undefined, { retryAfterSeconds: this.retryAfterSeconds });
    }
    this.inFlight.set(key, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }

  /** Keys with work in flight (for tests: nothing must be left behind). */
  get size(): number {
    return this.inFlight.size;
  }
}
