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
