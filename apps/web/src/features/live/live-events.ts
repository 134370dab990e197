// What each live event means for the screens (issue 39): which cached queries to refetch. Events
// say what changed, not the data (like outline's websockets), so the screens refetch through their
// usual queries and the edit form's own rules (decision 0059) decide what happens to its fields.
import type { LiveEvent } from "@sitesnag/shared/live";

/** The query-key prefixes an event makes stale. Report lists, counts, details, comments, history
 * and plan pins all live under "snagging" (features/snagging, features/sheets). */
export function staleKeysOf(event: Pick<LiveEvent, "type">): readonly (readonly unknown[])[] {
  const [area] = event.type.split(".");
  switch (area) {
    case "report":
    case "comment":
    case "verification":
      return [["snagging"], ["dashboard"], ["notifications"]];
    case "audit":
      return [["audits"], ["audit-trends"], ["dashboard"]];
    case "sheet":
      return [["projects"], ["snagging"]];
    case "project":
      return [["projects"], ["snagging"], ["dashboard"], ["trash"]];
    case "team":
      return [["team"], ["users"], ["snagging"]];
    default:
      return [];
  }
}

/** Capped exponential backoff with jitter for reconnecting: 1 s, 2 s, 4 s … 30 s. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (random() * base) / 2);
}
