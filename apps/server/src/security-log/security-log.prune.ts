// Entries are kept a year (SECURITY_LOG_RETENTION_DAYS), then deleted: once at start-up and every
// six hours on each instance. Deleting by date is idempotent, so instances running it together
// only repeat each other's work.
import { SECURITY_LOG_RETENTION_DAYS } from "@sitesnag/shared/security-log";
import type { AppContext } from "../context";
import { nowSeconds } from "../time";
import { pruneSecurityLog } from "./security-log.repository";

const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export const pruneOldEntries = (ctx: AppContext, now = nowSeconds()): Promise<number> =>
  pruneSecurityLog(ctx.db, now - SECURITY_LOG_RETENTION_DAYS * 24 * 60 * 60);

export function scheduleSecurityLogPrune(ctx: AppContext): () => void {
  const run = () => {
    pruneOldEntries(ctx).catch((err: unknown) => ctx.log.warn({ err }, "security log prune failed"));
  };
  const timer = setInterval(run, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
