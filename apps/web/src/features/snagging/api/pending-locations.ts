// Locations typed into the report form's picker that the server has not made yet (issue 36): made
// with no signal, each has an id of the device's making (a UUID). The report that uses one carries
// it: online it is created through the API just before the report (parents first) and the report
// names the server's id; in the offline queue it travels in the item's `data.newLocations`, which the
// sync applies once by that id, whatever the retries (apps/server/src/locations/locations.sync.ts).
import type { Location } from "@sitesnag/shared/locations";
import { api } from "../../../lib/api-client";

export type PendingLocation = { id: string; parentId: string | null; name: string };

/** The pending locations `locationId` needs (itself and its pending ancestors), parents first. */
export function pendingChain(pending: readonly PendingLocation[], locationId: string | null): PendingLocation[] {
  const byId = new Map(pending.map((p) => [p.id, p]));
  const chain: PendingLocation[] = [];
  let at = locationId ? byId.get(locationId) : undefined;
  while (at && !chain.includes(at)) {
    chain.unshift(at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return chain;
}

/** What is left to make once `made` (device id → server id) are made: parents and the location mapped. */
export function remainingAfter(
  chain: readonly PendingLocation[],
  locationId: string | null,
  made: ReadonlyMap<string, string>,
): { newLocations: PendingLocation[]; locationId: string | null } {
  const mapped = (id: string | null) => (id ? (made.get(id) ?? id) : null);
  return {
    newLocations: chain.filter((p) => !made.has(p.id)).map((p) => ({ ...p, parentId: mapped(p.parentId) })),
    locationId: mapped(locationId),
  };
}

/**
 * Online: creates the chain through POST /api/projects/{id}/locations, parents first, recording
 * each in `made` as it is answered, so a network failure half-way leaves `made` saying what exists.
 */
export async function createPending(
  projectId: string,
  chain: readonly PendingLocation[],
  made: Map<string, string>,
): Promise<void> {
  for (const p of chain) {
    if (made.has(p.id)) continue;
    const parentId = p.parentId ? (made.get(p.parentId) ?? p.parentId) : null;
    const { location } = await api<{ location: Location }>(`/projects/${encodeURIComponent(projectId)}/locations`, {
      method: "POST",
      body: { name: p.name, parentId },
    });
    made.set(p.id, location.id);
  }
}
