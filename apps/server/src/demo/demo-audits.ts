// The sample audits of a demo sandbox: three signed site safety audits of the block a fortnight
// apart, improving (so the Trends section has a line and open actions), and one draft under way
// at the school. Made through the audit service, as the app makes them, so scores, signatures,
// storage and the PDF are the real thing.

import { templateItems } from "@sitesnag/shared/audit-template-model";
import { STANDARD_TEMPLATE } from "@sitesnag/shared/audit-template-standard";
import type { AnswerPatch } from "@sitesnag/shared/audits-api";
import sharp from "sharp";
import { createAudit } from "../audits/audits.service";
import { patchAudit } from "../audits/audits.update";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";

const DAY = 24 * 60 * 60;

/** A handwritten-looking signature, drawn as SVG and sent as the signature pad sends it. */
async function signature(path: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160"><path d="${path}" fill="none" stroke="#0f172a" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

const AUDITOR_STROKE =
  "M30 110 C60 20 90 20 100 100 S140 40 170 90 S230 120 260 60 C280 30 300 120 330 80 S400 70 440 100";
const SITE_REP_STROKE = "M40 100 Q80 30 120 100 T200 100 C230 40 250 40 270 110 L300 60 Q350 20 380 110 S430 90 450 70";

type Run = { daysAgo: number; nonCompliant: readonly number[]; improvement: readonly number[] };

/** What each completed audit found (item positions in the standard template). */
const RUNS: readonly Run[] = [
  { daysAgo: 29, nonCompliant: [2, 6, 11, 18, 23], improvement: [4, 15] },
  { daysAgo: 15, nonCompliant: [6, 18], improvement: [4] },
  { daysAgo: 2, nonCompliant: [18], improvement: [] },
];

const NC_NOTES = [
  "Edge protection missing on the level 3 slab edge by stair core B.",
  "Scaffold inspection tag out of date on the north elevation.",
  "Fire extinguisher by the welfare unit missing its annual service label.",
  "Trip hazard: cables across the level 2 corridor.",
  "COSHH assessment for the sealant in use not on site.",
];

const ymd = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

function answersFor(run: Run, now: number): (AnswerPatch & { itemId: string })[] {
  const items = templateItems(STANDARD_TEMPLATE);
  return items.map((item, i) => {
    const nc = run.nonCompliant.indexOf(i);
    if (nc >= 0)
      return {
        itemId: item.id,
        status: "NC" as const,
        notes: NC_NOTES[nc % NC_NOTES.length] as string,
        riskSeverity: 4 - (nc % 3),
        riskLikelihood: 3,
        actionOwner: "Site manager",
        dueDate: now - run.daysAgo * DAY + 7 * DAY,
      };
    if (run.improvement.includes(i))
      return { itemId: item.id, status: "I" as const, notes: "Housekeeping to tighten up before handover." };
    return { itemId: item.id, status: i % 13 === 12 ? ("N/A" as const) : ("C" as const) };
  });
}

/** Adds the sample audits to a new sandbox (after its rows are committed). */
export async function addDemoAudits(
  ctx: AppContext,
  user: UserRow,
  projects: { block: string; school: string },
  now: number,
): Promise<void> {
  const [auditorSignature, siteRepSignature] = await Promise.all([
    signature(AUDITOR_STROKE),
    signature(SITE_REP_STROKE),
  ]);
  for (const run of RUNS) {
    const { audit } = await createAudit(ctx, user, {
      projectId: projects.block,
      templateId: STANDARD_TEMPLATE.id,
      auditDate: ymd(now - run.daysAgo * DAY),
      notes: "Fortnightly site safety walk-round.",
    });
    await patchAudit(ctx, user, audit.id, {
      answers: answersFor(run, now),
      auditorSignature,
      siteRepName: "Priya Shah (site manager)",
      siteRepSignature,
    });
    await patchAudit(ctx, user, audit.id, { status: "completed" });
  }
  const { audit: draft } = await createAudit(ctx, user, {
    projectId: projects.school,
    templateId: STANDARD_TEMPLATE.id,
    auditDate: ymd(now),
    notes: "Pre-handover audit of the extension, under way.",
  });
  await patchAudit(ctx, user, draft.id, {
    answers: answersFor({ daysAgo: 0, nonCompliant: [9], improvement: [] }, now).slice(0, 10),
  });
}
