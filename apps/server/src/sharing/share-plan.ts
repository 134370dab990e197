// A shared snag's pin on the plan (issue 27). The person holding a link gets, per pinned snag, the
// sheet's name and level and a URL under the link itself that answers a JPEG crop of the plan
// around the pin (sheets/sheet-crop.ts, the report PDF's crop). Never the sheet's own files: its
// tiles and preview sit under a capability key that would open the whole drawing, and stay
// reachable after the link is revoked. The crop route checks the link, then that the report is in
// the link's set, then that its sheet is of the link's project, so nothing else is reachable.
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { SharedPlan } from "@sitesnag/shared/sharing";
import type { AppContext } from "../context";
import type { ShareLinkRow } from "../db/schema";
import { notFound } from "../http/errors";
import { planCrop } from "../sheets/sheet-crop";
import { findRenderedSheets } from "../sheets/sheets.repository";
import { findScopedReports, type SnagScope } from "../snag-list/snag-list.repository";
import type { ReportWithNames } from "../snagging/snagging.repository";

type Pinned = Pick<ReportWithNames, "id" | "sheet_id" | "pin_x" | "pin_y" | "version">;
type RenderedSheet = Awaited<ReturnType<typeof findRenderedSheets>>[number];

export const planImagePath = (token: string, reportId: string) => `/api/share/${token}/reports/${reportId}/plan`;

/** The sheets (rendered, of the link's project) that the given reports are pinned on, by id. */
export async function sheetsForPins(
  ctx: AppContext,
  link: ShareLinkRow,
  reports: readonly Pinned[],
): Promise<Map<string, RenderedSheet>> {
  const ids = [...new Set(reports.flatMap((r) => (r.sheet_id ? [r.sheet_id] : [])))];
  const rows = await findRenderedSheets(ctx.db, link.workspace_id, link.project_id, ids);
  return new Map(rows.map((s) => [s.id, s]));
}

/** What the share page shows of a report's pin, or null when it has none on a rendered sheet. */
export function presentSharedPlan(
  token: string,
  report: Pinned,
  sheets: ReadonlyMap<string, RenderedSheet>,
): SharedPlan | null {
  const sheet = report.sheet_id ? sheets.get(report.sheet_id) : undefined;
  if (!sheet || report.pin_x === null || report.pin_y === null) return null;
  // The report's version (pin moved, status changed) and the sheet's revision name the picture,
  // so the browser may keep it: a change gives a new URL.
  const v = `${report.version}.${sheet.ready_revision}`;
  return {
    sheetName: sheet.name,
    level: sheet.level,
    x: report.pin_x,
    y: report.pin_y,
    imageUrl: `${planImagePath(token, report.id)}?v=${v}`,
  };
}

/** The JPEG crop around the pin of a report in the link's set (404 for any other report or none). */
export async function cropSharedPin(
  ctx: AppContext,
  link: ShareLinkRow,
  scope: SnagScope,
  reportId: string,
): Promise<Buffer> {
  const [report] = UUID_PATTERN.test(reportId) ? await findScopedReports(ctx.db, scope, [reportId]) : [];
  if (!report) throw notFound("Report");
  const sheet = (await sheetsForPins(ctx, link, [report])).get(report.sheet_id ?? "");
  if (!sheet || report.pin_x === null || report.pin_y === null) throw notFound("Plan");
  const crop = await planCrop(ctx, link.workspace_id, {
    sheetId: sheet.id,
    x: report.pin_x,
    y: report.pin_y,
    status: report.status,
  });
  if (!crop) throw notFound("Plan");
  return crop.image;
}
