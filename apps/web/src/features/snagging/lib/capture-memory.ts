// The last project and assignee a user reported against, so the next visit to the form starts
// there (rapid capture on a site walk). Kept per user in localStorage: another account signing in
// on the same phone starts clean. Storage being full or blocked only loses the convenience.

export type CaptureMemory = { projectId: string; assignedTo: string };

const key = (userId: string) => `sitesnag:snag-capture:${userId}`;

export function recallCapture(storage: Storage, userId: string): CaptureMemory | null {
  try {
    const raw = storage.getItem(key(userId));
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { projectId, assignedTo } = value as Record<string, unknown>;
    return {
      projectId: typeof projectId === "string" ? projectId : "",
      assignedTo: typeof assignedTo === "string" ? assignedTo : "",
    };
  } catch {
    return null;
  }
}

export function rememberCapture(storage: Storage, userId: string, memory: CaptureMemory): void {
  try {
    storage.setItem(key(userId), JSON.stringify(memory));
  } catch {
    // Quota exceeded or storage disabled: nothing to remember, nothing broken.
  }
}
