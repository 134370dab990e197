// A workspace with a project and three reports for the snagging screens' tests.
import type { ApiHelper } from "./fixtures";
import { makePng } from "./images";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A workspace with a project and three reports: two photos on the first, none on the others. */
export async function seed(api: ApiHelper) {
  const session = await api.signUp({ firstName: "Rita", lastName: "Surveyor" });
  const token = session.accessToken;
  const project = await api.createProject(token, { name: "Canal Wharf Tower" });
  const cracked = await api.createReport(
    token,
    {
      projectId: project.id,
      priority: "high",
      category: "finish",
      assignedTo: session.user.id,
      dueDate: now() + 7 * DAY,
      locationLat: 53.4723456,
      locationLng: -2.2451239,
      description:
        "📷 Photo 1 - Flat 2.04 kitchen: Cracked floor tile by the sink\n\n📷 Photo 2 - Stair core B: Handrail bracket loose",
    },
    [
      { name: "tile.png", type: "image/png", bytes: makePng([220, 80, 40]) },
      { name: "rail.png", type: "image/png", bytes: makePng([40, 120, 220]) },
    ],
  );
  const leak = await api.createReport(token, {
    projectId: project.id,
    priority: "medium",
    category: "plumbing",
    status: "resolved",
    description: "📷 Photo 1 - Flat 3.01 bathroom: Slow leak at the basin waste",
  });
  const socket = await api.createReport(token, {
    projectId: project.id,
    priority: "critical",
    category: "electrical",
    status: "in-progress",
    description: "📷 Photo 1 - Classroom 2: Double socket not working",
  });
  return { session, project, cracked, leak, socket };
}

/** `count` medium reports "Defect 0", "Defect 1", … in `projectId`, nine requests at a time (pages of lists). */
export async function createDefects(api: ApiHelper, token: string, projectId: string, count: number) {
  for (let start = 0; start < count; start += 9) {
    await Promise.all(
      Array.from({ length: Math.min(9, count - start) }, (_, i) =>
        api.createReport(token, { projectId, priority: "medium", description: `Defect ${start + i}` }),
      ),
    );
  }
}
