// When unsynced work has waited long enough to be at risk (issue 28): iOS removes a web app's
// storage after about 7 days unused, so after 3 days the app says so, with a backup at hand.
export const STALE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** Whole days the oldest queued change has waited, or null when none has waited 3 days. */
export function staleDays(timestamps: readonly number[], now: number): number | null {
  if (timestamps.length === 0) return null;
  const oldest = Math.min(...timestamps);
  return now - oldest >= STALE_AFTER_MS ? Math.floor((now - oldest) / (24 * 60 * 60 * 1000)) : null;
}

/** iPhone/iPad Safari (iPadOS reports itself as a Mac with touch), not the installed app. */
export function isIosBrowserTab(nav: Pick<Navigator, "userAgent" | "maxTouchPoints">, standalone: boolean): boolean {
  const ios = /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
  return ios && !standalone;
}
