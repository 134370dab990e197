// PDFS_PER_USER across every kind of PDF (report, snag list): one account's PDFs cannot fill the
// pool every workspace waits in. One counter per app (context), per instance.
import type { AppContext } from "../context";
import { PerKeyLimit } from "../http/per-key-limit";

const tooManyPdfs = (n: number) =>
  `You already have ${n} PDF${n === 1 ? "" : "s"} being prepared. Please wait for ${n === 1 ? "it" : "them"} to finish, then try again.`;

const limits = new WeakMap<AppContext, PerKeyLimit>();

export function pdfsInFlight(ctx: AppContext): PerKeyLimit {
  let limit = limits.get(ctx);
  if (!limit) {
    limit = new PerKeyLimit(ctx.config.pdfsPerUser, tooManyPdfs(ctx.config.pdfsPerUser));
    limits.set(ctx, limit);
  }
  return limit;
}

/**
 * Takes one of the account's PDF places until `release` is called (a streamed PDF holds it until
 * its last byte is sent); throws the 429 at once when the account has none left.
 */
export async function holdPdfPlace(ctx: AppContext, userId: string): Promise<() => void> {
  let release: (() => void) | undefined;
  const held = pdfsInFlight(ctx).run(userId, () => new Promise<void>((resolve) => (release = resolve)));
  if (!release) await held; // refused: rethrows the 429
  return release as () => void;
}
