// The Trash's time rules, without zod: the Trash screen imports them in its first load.

/** Days a deleted project or report stays in the Trash before it is purged for good. */
export const TRASH_DAYS = 30;

/** Whole days left before purge, counted up (a day and a minute left is 2), never below 0. */
export function daysLeft(purgeAt: number, nowSeconds: number): number {
  return Math.max(0, Math.ceil((purgeAt - nowSeconds) / 86_400));
}
