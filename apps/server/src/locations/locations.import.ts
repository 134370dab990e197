// POST /api/projects/{id}/locations/import: a pasted or uploaded list of paths becomes the tree in
// one transaction. Existing locations (the same name at the same place, case-insensitively) are
// reused; a bad line refuses the whole list with its number, and nothing is created.
import { type ImportEntry, parseLocationImport, siblingKey } from "@sitesnag/shared/location-import";
import type { LocationImportResult } from "@sitesnag/shared/locations";
import type { AppContext } from "../context";
import type { LocationRow, ProjectRow, UserRow } from "../db/schema";
import { AppError, badRequest } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import { type ClosureRow, findProjectLocations, insertLocations, updateLocation } from "./locations.repository";
import { asSiblingConflict, checkRoomFor, childPath, lockProjectTree } from "./locations.rules";
import { requireProject } from "./locations.service";

export async function importLocations(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  body: string | readonly string[],
): Promise<LocationImportResult> {
  const project = await requireProject(ctx, user, projectId);
  const parsed = parseLocationImport(body);
  if (!parsed.ok) throw parsed.tooLarge ? new AppError(413, parsed.message) : badRequest(parsed.message);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await lockProjectTree(trx, project.id);
      const existing = await findProjectLocations(trx, user.workspace_id, project.id);
      const plan = planImport(existing, parsed.entries, project, user, nowSeconds());
      await checkRoomFor(trx, project.id, plan.rows.length);
      await insertLocations(trx, plan.rows, plan.closure);
      for (const [id, code] of plan.codes) await updateLocation(trx, id, { code });
      return { created: plan.rows.length, reused: plan.reused };
    });
  } catch (err) {
    throw asSiblingConflict(err);
  }
}

type Plan = { rows: LocationRow[]; closure: ClosureRow[]; codes: Map<string, string>; reused: number };

/** What the list adds to the tree, worked out in memory: new rows parents first, with their closure. */
export function planImport(
  existing: readonly LocationRow[],
  entries: readonly ImportEntry[],
  project: Pick<ProjectRow, "id" | "workspace_id">,
  user: Pick<UserRow, "id">,
  now: number,
): Plan {
  const byPlace = new Map(existing.map((r) => [`${r.parent_key}/${r.name_key}`, r]));
  const nextPosition = new Map<string, number>();
  for (const r of existing)
    nextPosition.set(r.parent_key, Math.max(nextPosition.get(r.parent_key) ?? 0, r.position + 1));
  const created = new Set<string>();
  const reused = new Set<string>();
  const plan: Plan = { rows: [], closure: [], codes: new Map(), reused: 0 };

  for (const entry of entries) {
    let parent: LocationRow | undefined;
    let chain: string[] = [];
    for (const [level, name] of entry.names.entries()) {
      const parentKey = parent?.id ?? "";
      const key = `${parentKey}/${siblingKey(name)}`;
      let row = byPlace.get(key);
      if (!row) {
        const position = nextPosition.get(parentKey) ?? 0;
        nextPosition.set(parentKey, position + 1);
        const isLast = level === entry.names.length - 1;
        row = {
          id: newId(),
          workspace_id: project.workspace_id,
          project_id: project.id,
          parent_id: parent?.id ?? null,
          parent_key: parentKey,
          name,
          name_key: siblingKey(name),
          code: isLast ? entry.code : null,
          position,
          depth: level + 1,
          path: childPath(parent, name),
          sheet_id: null,
          created_by: user.id,
          created_at: now,
          updated_at: now,
        };
        byPlace.set(key, row);
        created.add(row.id);
        plan.rows.push(row);
        const id = row.id;
        plan.closure.push({ ancestor_id: id, descendant_id: id, distance: 0 });
        for (const [i, ancestor] of chain.entries()) {
          plan.closure.push({ ancestor_id: ancestor, descendant_id: id, distance: chain.length - i });
        }
      } else if (!created.has(row.id)) {
        reused.add(row.id);
        // A code on the line is given to an existing location that has none; one it has is kept.
        if (level === entry.names.length - 1 && entry.code && !row.code && !plan.codes.has(row.id)) {
          plan.codes.set(row.id, entry.code);
        }
      }
      chain = [...chain, row.id];
      parent = row;
    }
  }
  plan.reused = reused.size;
  return plan;
}
