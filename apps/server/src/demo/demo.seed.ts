import { writePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Transaction } from "kysely";
import type { AttachmentRow, Database, ProjectRow, ReportRow } from "../db/schema";
import { newId } from "../ids";
import { insertLocations } from "../locations/locations.repository";
import { withProjectSearchText } from "../projects/projects.repository";
import { withMilestones, withSearchText } from "../snagging/snagging.repository";
import { afterSteps, type DemoHistory, type DemoStep, stepTimes } from "./demo-history";
import { DEMO_PLAN_LOCATION, type DemoLocations, planDemoLocations } from "./demo-locations";
import type { DemoScene } from "./demo-photos";
import { DEMO_PINS } from "./demo-plan";

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

// Sample snags covering every status and priority, each with photos from demo-photos.ts.
// `project` indexes SAMPLE_PROJECTS; `photos` lists scenes with their location and description;
// `history` is what happened to it after it was created, open and unassigned (demo-history.ts).
const SAMPLE_REPORTS: readonly {
  project: number;
  photos: readonly { scene: number; location: string; description: string }[];
  /** Its place in the project's tree (demo-locations.ts). */
  place: string;
  status: ReportRow["status"];
  priority: ReportRow["priority"];
  category: ReportRow["category"];
  ageDays: number;
  dueInDays: number;
  at: readonly [number, number] | null;
  history: readonly DemoStep[];
}[] = [
  {
    project: 0,
    photos: [
      { scene: 0, location: "Flat 2.04 kitchen", description: "Cracked floor tile in front of the sink, trip hazard." },
      { scene: 5, location: "Flat 2.04 hallway", description: "Paint splashes along the skirting board." },
    ],
    place: "Block B > Level 2 > Flat 2.04 > Kitchen",
    status: "open",
    priority: "high",
    history: [{ kind: "assign" }],
    category: "finish",
    ageDays: 3,
    dueInDays: 7,
    at: [51.50412, -0.09102],
  },
  {
    project: 0,
    photos: [
      { scene: 1, location: "Stair core B, level 3", description: "Handrail bracket loose, rail moves under load." },
    ],
    place: "Block B > Level 3 > Stair core B",
    status: "in-progress",
    priority: "critical",
    history: [
      { kind: "assign" },
      { kind: "status", to: "in-progress" },
      { kind: "comment", text: "Stair closed off with barriers; fixings ordered, fitting on Thursday." },
    ],
    category: "safety",
    ageDays: 5,
    dueInDays: 1,
    at: [51.50431, -0.09087],
  },
  {
    project: 0,
    photos: [{ scene: 2, location: "Flat 3.01 bathroom", description: "Slow leak at the basin waste joint." }],
    place: "Block B > Level 3 > Flat 3.01 > Bathroom",
    status: "resolved",
    priority: "medium",
    history: [
      { kind: "assign" },
      { kind: "status", to: "in-progress" },
      { kind: "comment", text: "Waste joint re-made with a new washer; left running for an hour, dry." },
      { kind: "status", to: "resolved" },
    ],
    category: "plumbing",
    ageDays: 12,
    dueInDays: -2,
    at: null,
  },
  {
    project: 1,
    photos: [
      { scene: 3, location: "Classroom 2", description: "Double socket by the door not working, scorch mark above." },
    ],
    place: "Extension > Classroom 2",
    status: "open",
    priority: "medium",
    history: [{ kind: "assign" }],
    category: "electrical",
    ageDays: 2,
    dueInDays: 10,
    at: [53.81992, -1.57731],
  },
  {
    project: 1,
    photos: [{ scene: 4, location: "Plant room", description: "Missing fire-stopping around duct penetration." }],
    place: "Extension > Plant room",
    status: "open",
    priority: "critical",
    history: [{ kind: "assign" }],
    category: "safety",
    ageDays: 1,
    dueInDays: 3,
    at: [53.81985, -1.57745],
  },
  {
    project: 2,
    photos: [
      {
        scene: 5,
        location: "Meeting room 3",
        description: "Paint splashes on the skirting, touched up and signed off.",
      },
    ],
    place: "Third floor > Meeting room 3",
    status: "closed",
    priority: "low",
    history: [
      { kind: "assign" },
      { kind: "status", to: "in-progress" },
      { kind: "status", to: "resolved" },
      {
        kind: "verify",
        decision: "reject",
        reason: "Splashes are still visible behind the door; please touch up the full run.",
      },
      { kind: "comment", text: "Whole skirting run touched up, behind the door included. Photo on the report." },
      { kind: "status", to: "resolved" },
      { kind: "verify", decision: "accept" },
    ],
    category: "finish",
    ageDays: 60,
    dueInDays: -50,
    at: [51.4498, -2.5936],
  },
];

const reference = (at: number, n: number): string => {
  const d = new Date(at * 1000);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `SNAG-${ymd}-${1000 + ((n * 1637) % 9000)}`;
};

export type DemoSeed = {
  projects: Omit<ProjectRow, "require_evidence_to_close" | "verified_closing" | "tree_version" | "locations_version">[];
  reports: (Omit<ReportRow, "sheet_id" | "pin_x" | "pin_y" | "assigned_contact_id" | "resolved_at" | "assigned_at"> & {
    scenes: DemoScene[];
    history: DemoHistory;
  })[];
  /** Each project's location tree, the reports' places in it. */
  locations: DemoLocations;
  /**
   * The sample drawing's project, the location that carries it and where its snags are pinned
   * (added after the rows: demo.service.ts).
   */
  plan: { projectId: string; locationId: string | null; pins: { reportId: string; x: number; y: number }[] };
};

/** The sample rows of a new sandbox (pure: ids and times only; photos are stored by the caller). */
export function planDemoSeed({
  workspaceId,
  userId,
  now,
}: {
  workspaceId: string;
  userId: string;
  now: number;
}): DemoSeed {
  const projects = SAMPLE_PROJECTS.map((p): DemoSeed["projects"][number] => ({
    id: newId(),
    workspace_id: workspaceId,
    name: p.name,
    description: p.description,
    location: p.location,
    client_name: p.client_name,
    status: p.status,
    time_zone: "Europe/London",
    created_by: userId,
    created_at: now - p.ageDays * DAY,
    updated_at: now - p.ageDays * DAY,
  }));
  const locations = planDemoLocations(projects, userId, projects[0]?.created_at ?? now);
  const reports = SAMPLE_REPORTS.map((r, i): DemoSeed["reports"][number] => {
    const createdAt = now - r.ageDays * DAY;
    const times = stepTimes(createdAt, now, r.history.length);
    return {
      id: newId(),
      workspace_id: workspaceId,
      project_id: (projects[r.project] as ProjectRow).id,
      title: reference(createdAt, i + 1),
      description: writePhotoDescription(r.photos),
      bcf_guid: null,
      status: r.status,
      priority: r.priority,
      category: r.category,
      assigned_to: userId,
      created_by: userId,
      due_date: now + r.dueInDays * DAY,
      location_lat: r.at ? r.at[0] : null,
      location_lng: r.at ? r.at[1] : null,
      location_id: locations.idOf.get(`${r.project}:${r.place}`) ?? null,
      page_url: null,
      created_at: createdAt,
      updated_at: times.at(-1) ?? createdAt,
      ...afterSteps(r.history),
      scenes: r.photos.map((p) => p.scene as DemoScene),
      history: { steps: r.history, times },
    };
  });
  const pins = SAMPLE_REPORTS.flatMap((r, i) => {
    const first = r.photos[0];
    const at = r.project === 0 && first ? DEMO_PINS[first.location] : undefined;
    return at ? [{ reportId: (reports[i] as DemoSeed["reports"][number]).id, ...at }] : [];
  });
  const projectId = (projects[0] as ProjectRow).id;
  const locationId = locations.idOf.get(`0:${DEMO_PLAN_LOCATION}`) ?? null;
  return { projects, reports, locations, plan: { projectId, locationId, pins } };
}

/** Inserts a planned seed and its (already stored) attachment rows, inside the sandbox's transaction. */
export async function insertDemoSeed(
  trx: Transaction<Database>,
  seed: DemoSeed,
  attachments: readonly AttachmentRow[],
): Promise<void> {
  await trx.insertInto("projects").values(seed.projects.map(withProjectSearchText)).execute();
  await insertLocations(trx, seed.locations.rows, seed.locations.closure);
  await trx
    .insertInto("snagging_reports")
    .values(seed.reports.map(({ scenes: _scenes, history: _history, ...row }) => withSearchText(withMilestones(row))))
    .execute();
  if (attachments.length > 0)
    await trx
      .insertInto("attachments")
      .values([...attachments])
      .execute();
}
