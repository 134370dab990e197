// The bell's badge text. Kept apart from notifications.ts (zod schemas) so the app shell that
// shows it on every screen does not load zod.
/** The bell's badge: nothing at zero, the count up to nine, then '9+'. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
