// The locations a user picked lately in each project, most recent first, so the report form's
// picker offers the room they are working in before the whole tree. Kept per user in
// localStorage like the capture memory; storage full or blocked only loses the convenience.

const KEEP = 8;
const key = (userId: string) => `sitesnag:recent-locations:${userId}`;

function readAll(storage: Storage, userId: string): Record<string, string[]> {
  try {
    const value: unknown = JSON.parse(storage.getItem(key(userId)) ?? "{}");
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    const out: Record<string, string[]> = {};
    for (const [projectId, ids] of Object.entries(value)) {
      if (Array.isArray(ids)) out[projectId] = ids.filter((id): id is string => typeof id === "string").slice(0, KEEP);
    }
    return out;
  } catch {
    return {};
  }
}

export const recentLocations = (storage: Storage, userId: string, projectId: string): string[] =>
  readAll(storage, userId)[projectId] ?? [];

export function rememberLocation(storage: Storage, userId: string, projectId: string, locationId: string): void {
  const all = readAll(storage, userId);
  all[projectId] = [locationId, ...(all[projectId] ?? []).filter((id) => id !== locationId)].slice(0, KEEP);
  try {
    storage.setItem(key(userId), JSON.stringify(all));
  } catch {
    // Quota exceeded or storage disabled: nothing remembered, nothing broken.
  }
}
