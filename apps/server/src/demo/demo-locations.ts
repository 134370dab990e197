// The demo sandbox's location trees (issue 36): each sample project laid out as a site manager
// would paste it (Block B > Level 1–3 > Flat x.0y > rooms, the school's classrooms, the office's
// rooms), planned by the bulk import's own planner so the rows and closure rows are exactly what
// an import makes, and inserted in the sandbox's transaction (a few hundred rows in two INSERTs).
import { parseLocationImport } from "@sitesnag/shared/location-import";
import type { LocationRow } from "../db/schema";
import { planImport } from "../locations/locations.import";
import type { ClosureRow } from "../locations/locations.repository";

/** The block's tree: the drawing of its typical floor is carried by `DEMO_PLAN_LOCATION`. */
const BLOCK = [1, 2, 3].flatMap((level) => [
  `Block B > Level ${level};B-${level}`,
  ...[1, 2, 3, 4, 5, 6].flatMap((flat) => {
    const name = `Flat ${level}.0${flat}`;
    const rooms = ["Kitchen", "Bathroom", "Hallway"].map((room) => `Block B > Level ${level} > ${name} > ${room}`);
    return [`Block B > Level ${level} > ${name};B-${level}-0${flat}`, ...rooms];
  }),
  `Block B > Level ${level} > Stair core B`,
]);
const SCHOOL = ["Extension > Classroom 1", "Extension > Classroom 2", "Extension > Plant room", "Extension > Canopy"];
const OFFICE = ["Third floor > Meeting room 1", "Third floor > Meeting room 2", "Third floor > Meeting room 3"];

/** Per sample project (SAMPLE_PROJECTS' order), its list as pasted. */
export const DEMO_LOCATION_LISTS: readonly (readonly string[])[] = [BLOCK, SCHOOL, OFFICE];

/** The location that carries the sample drawing (the block's typical floor). */
export const DEMO_PLAN_LOCATION = "Block B";

export type DemoLocations = { rows: LocationRow[]; closure: ClosureRow[]; idOf: Map<string, string> };

const parsed = DEMO_LOCATION_LISTS.map((lines) => {
  const result = parseLocationImport(lines);
  if (!result.ok) throw new Error(`demo location list: ${result.message}`);
  return result.entries;
});

/** The sandbox's locations, planned for its projects (pure but for new ids). */
export function planDemoLocations(
  projects: readonly { id: string; workspace_id: string }[],
  userId: string,
  now: number,
): DemoLocations {
  const out: DemoLocations = { rows: [], closure: [], idOf: new Map() };
  for (const [i, project] of projects.entries()) {
    const entries = parsed[i];
    if (!entries) continue;
    const plan = planImport([], entries, project, { id: userId }, now);
    out.rows.push(...plan.rows);
    out.closure.push(...plan.closure);
    for (const row of plan.rows) out.idOf.set(`${i}:${row.path}`, row.id);
  }
  return out;
}
