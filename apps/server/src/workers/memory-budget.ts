// A budget of bytes in flight, shared by all the work of one kind in this process (PDFs: photos
// read, print copies, the document on its way to the socket). Guarantees:
// - The bytes held never exceed `limit`, except by one task bigger than the whole budget, which
//   runs alone (it would otherwise wait for ever).
// - Waiters are served in order (FIFO): a big task is not starved by a stream of small ones.
// - Each grant is released exactly once, however the work ends (success, error, closed socket).
export class MemoryBudget {
  private used = 0;
  private readonly waiting: { bytes: number; grant: () => void }[] = [];

  constructor(readonly limit: number) {}

  /** Waits until `bytes` fit, then holds them; call the answer to give them back (idempotent). */
  async acquire(bytes: number): Promise<() => void> {
    const size = Math.max(0, Math.ceil(bytes));
    if (this.waiting.length > 0 || !this.fits(size)) {
      await new Promise<void>((grant) => this.waiting.push({ bytes: size, grant }));
    } else {
      this.used += size;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= size;
      this.admit();
    };
  }

  /** Bytes held now (for tests and logs). */
  get inUse(): number {
    return this.used;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private fits(bytes: number): boolean {
    return this.used + bytes <= this.limit || this.used === 0;
  }

  private admit(): void {
    while (this.waiting.length > 0) {
      const next = this.waiting[0] as { bytes: number; grant: () => void };
      if (!this.fits(next.bytes)) return;
      this.waiting.shift();
      this.used += next.bytes;
      next.grant();
    }
  }
}
