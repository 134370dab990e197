import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { newId } from "../ids";

const DAY = 24 * 60 * 60;

const SAMPLE_PROJECTS = [
  {
    name: "Riverside Apartments — Block B",
    description: "Six-storey residential block, 48 flats. Second-fix and pre-handover snagging.",
    location: "14 Wharf Road, London SE1 9PX",
    client_name: "Thameside Homes Ltd",
    status: "active",
    ageDays: 40,
  },
  {
    name: "Northgate Primary School Extension",
    description: "Two-classroom single-storey extension with new plant room and canopy.",
    location: "Northgate Lane, Leeds LS6 2AB",
    client_name: "Leeds City Council",
    status: "active",
    ageDays: 21,
  },
  {
    name: "Harbour View Office Fit-out",
    description: "Cat B fit-out of the third floor: meeting rooms, kitchen, raised access floor.",
    location: "3rd Floor, 2 Harbour Street, Bristol BS1 4QA",
    client_name: "Meridian Consulting LLP",
    status: "completed",
    ageDays: 90,
  },
] as const;

// Sample snags (no photos yet: the photo pipeline arrives with the snagging feature).
// `project` indexes SAMPLE_PROJECTS.
const SAMPLE_REPORTS = [
  {
    project: 0,
    description: "📷 Photo 1 - Flat 2.04 kitchen: Cracked floor tile in front of the sink, trip hazard.",
    status: "open",
    priority: "high",
    category: "finish",
    ageDays: 3,
    dueInDays: 7,
  },
  {
    project: 0,
    description: "📷 Photo 1 - Stair core B, level 3: Handrail bracket loose, rail moves under load.",
    status: "in-progress",
    priority: "critical",
    category: "safety",
    ageDays: 5,
    dueInDays: 1,
  },
  {
    project: 0,
    description: "📷 Photo 1 - Flat 3.01 bathroom: Slow leak at the basin waste joint.",
    status: "resolved",
    priority: "medium",
    category: "plumbing",
    ageDays: 12,
    dueInDays: -2,
  },
  {
    project: 1,
    description: "📷 Photo 1 - Classroom 2: Double socket by the door not working.",
    status: "open",
    priority: "medium",
    category: "electrical",
    ageDays: 2,
    dueInDays: 10,
  },
  {
    project: 1,
    description: "📷 Photo 1 - Plant room: Missing fire-stopping around duct penetration.",
    status: "open",
    priority: "critical",
    category: "safety",
    ageDays: 1,
    dueInDays: 3,
  },
] as const;

const reference = (at: number, n: number): string => {
  const d = new Date(at * 1000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `SNAG-${ymd}-${1000 + ((n * 1637) % 9000)}`;
};

/** Sample data for a fresh demo sandbox. Later features add their own sample rows here. */
export async function seedDemoWorkspace(
  trx: Transaction<Database>,
  { workspaceId, userId, now }: { workspaceId: string; userId: string; now: number },
): Promise<void> {
  const projectIds = SAMPLE_PROJECTS.map(() => newId());
  await trx
    .insertInto("projects")
    .values(
      SAMPLE_PROJECTS.map((p, i) => ({
        id: projectIds[i] as string,
        workspace_id: workspaceId,
        name: p.name,
        description: p.description,
        location: p.location,
        client_name: p.client_name,
        status: p.status,
        created_by: userId,
        created_at: now - p.ageDays * DAY,
        updated_at: now - p.ageDays * DAY,
      })),
    )
    .execute();
  await trx
    .insertInto("snagging_reports")
    .values(
      SAMPLE_REPORTS.map((r, i) => {
        const createdAt = now - r.ageDays * DAY;
        return {
          id: newId(),
          workspace_id: workspaceId,
          project_id: projectIds[r.project] as string,
          title: reference(createdAt, i + 1),
          description: r.description,
          status: r.status,
          priority: r.priority,
          category: r.category,
          assigned_to: userId,
          created_by: userId,
          due_date: now + r.dueInDays * DAY,
          location_lat: null,
          location_lng: null,
          page_url: null,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .execute();
}
