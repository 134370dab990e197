import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const todayKey = () => new Date().toDateString();

/**
 * Today's date for text that must show it (legal pages' "Last updated", the footer's year).
 * Those pages are pre-rendered at build, so the HTML cannot know the reader's today: the server
 * render (and the hydration that must match it) gets null, and React renders the date right after.
 */
export function useToday(): Date | null {
  const key = useSyncExternalStore(noSubscription, todayKey, () => null);
  return key === null ? null : new Date(key);
}
