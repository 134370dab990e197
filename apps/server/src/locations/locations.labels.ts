// GET /api/projects/{id}/locations/labels.pdf?root=: QR labels for the whole tree or one branch
// (the root location and everything under it), depth-first like the tree. Each QR holds
// PUBLIC_URL/l/{locationId}: the web app's /l/ page opens capture there for a member, and tells
// anyone else nothing (GET /api/locations/{id} answers 404 outside the workspace).

import type { Readable } from "node:stream";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import { loadPdfBrand } from "../branding/branding.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { AppError } from "../http/errors";
import { translatorFor } from "../i18n/translate";
import type { LabelEntry } from "./labels-pdf";
import { findProjectLocations } from "./locations.repository";
import { requireLocation, requireProject } from "./locations.service";
import { depthFirst } from "./locations.tree";

/** More labels than this in one document is refused (a sheet of 21 each: ~480 pages). */
export const MAX_LABELS = 10_000;
const labelsEstimate = (count: number) => 8 * 1024 * 1024 + count * 4096;

export async function openLabelsPdf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  rootId: string | null | undefined,
  origin: string,
): Promise<{ stream: Readable; fileName: string; count: number }> {
  const project = await requireProject(ctx, user, projectId);
  const root = rootId ? await requireLocation(ctx.db, user, rootId) : undefined;
  if (root && root.project_id !== project.id) throw new AppError(404, "Location not found");
  const rows = await findProjectLocations(ctx.db, user.workspace_id, project.id);
  const ordered = root ? [root, ...depthFirst(rows, root.id).map((r) => r.row)] : depthFirst(rows).map((r) => r.row);
  if (ordered.length > MAX_LABELS) {
    throw new AppError(413, `A labels PDF can hold at most ${MAX_LABELS} locations: print one branch at a time`);
  }
  const base = origin.replace(/\/+$/, "");
  const labels: LabelEntry[] = ordered.map((row) => ({ path: row.path, code: row.code, url: `${base}/l/${row.id}` }));
  const t = translatorFor(toLocale(user.locale));
  const head = {
    projectName: project.name,
    brand: await loadPdfBrand(ctx, user.workspace_id),
    words: { title: t("pdf.labels.title", { project: project.name }), scan: t("pdf.labels.scan") },
  };
  const stream = await ctx.pdf.stream(labelsEstimate(labels.length), async () => ({
    input: { kind: "labels", head, labels },
    transfer: [],
  }));
  return { stream, fileName: "location-labels.pdf", count: labels.length };
}
