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

/** Sample data for a fresh demo sandbox. Later features add their own sample rows here. */
export async function seedDemoWorkspace(
  trx: Transaction<Database>,
  { workspaceId, userId, now }: { workspaceId: string; userId: string; now: number },
): Promise<void> {
  await trx
    .insertInto("projects")
    .values(
      SAMPLE_PROJECTS.map((p) => ({
        id: newId(),
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
}
