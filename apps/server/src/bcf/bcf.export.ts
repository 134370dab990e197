// A project's reports as a .bcfzip (BCF 2.1 or 3.0), streamed: the report list's keyset batches
// (snagging.export.ts, the same filters as the CSV and Excel exports) become one folder per topic,
// written through the hand-made ZIP writer (xlsx/zip-stream.ts), so memory stays flat whatever the
// number of reports. A snapshot is the first evidence photo made a PNG (at most 1500 px a side, as
// BCF 3.0 asks), or for a snag without photos pinned on a drawing, the plan crop with its pin (as
// in the report's PDF); an image that cannot be read leaves its topic without one rather than
// failing the export.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { BcfExportQuery } from "@sitesnag/shared/bcf";
import sharp from "sharp";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { planCrop } from "../sheets/sheet-crop";
import type { CsvReport } from "../snagging/csv";
import { exportBatches } from "../snagging/snagging.export";
import type { ZipEntry } from "../xlsx/zip-stream";
import { zipStream } from "../xlsx/zip-stream";
import { requireBcfProject } from "./bcf.access";
import type { BcfVersion } from "./bcf.mapping";
import { type BcfTopic, extensionsFile, markupFile, versionFile } from "./bcf.markup";
import { findFirstPhotos, findTopicComments, findTopicExtras } from "./bcf.repository";

const SNAPSHOT_EDGE = 1500;
const SNAPSHOT = "snapshot.png";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A GUID made from a report's id for its plan crop's viewpoint (the same at every export). */
const planViewpointGuid = (reportId: string): string => {
  const h = createHash("sha256").update(`${reportId}:plan`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

type SnapshotSource = { kind: "photo"; key: string } | { kind: "plan"; report: CsvReport };

async function sourceBytes(ctx: AppContext, workspaceId: string, source: SnapshotSource): Promise<Buffer | null> {
  if (source.kind === "photo") {
    const stream = await ctx.storage.get(source.key);
    return stream ? readAll(stream) : null;
  }
  const { sheetId, pinX, pinY, status } = source.report;
  if (!sheetId || pinX === null || pinY === null) return null;
  const crop = await planCrop(ctx, workspaceId, { sheetId, x: pinX, y: pinY, status });
  return crop?.image ?? null;
}

/** The snapshot as a PNG, or null when its image cannot be read (the topic then has none). */
async function snapshotOf(ctx: AppContext, workspaceId: string, source: SnapshotSource): Promise<Buffer | null> {
  try {
    const bytes = await sourceBytes(ctx, workspaceId, source);
    if (!bytes) return null;
    return await sharp(bytes)
      .resize(SNAPSHOT_EDGE, SNAPSHOT_EDGE, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    ctx.log.warn({ err: { name: (err as Error)?.name } }, "a BCF snapshot could not be made; the topic has none");
    return null;
  }
}

async function topicsOf(ctx: AppContext, batch: readonly CsvReport[]) {
  const ids = batch.map((r) => r.id);
  const [extras, comments, photos] = await Promise.all([
    findTopicExtras(ctx.db, ids),
    findTopicComments(ctx.db, ids),
    findFirstPhotos(ctx.db, ids),
  ]);
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  const firstPhoto = new Map<string, (typeof photos)[number]>();
  for (const p of photos) if (!firstPhoto.has(p.report_id)) firstPhoto.set(p.report_id, p);
  return batch.map((report) => {
    const extra = extraOf.get(report.id);
    const photo = firstPhoto.get(report.id);
    const topic: BcfTopic = {
      guid: (extra?.bcf_guid ?? report.id).toLowerCase(),
      title: report.title,
      description: report.description,
      status: report.status,
      priority: report.priority,
      labels: [report.tradeName, report.locationPath ?? ""].filter((l) => l.trim() !== ""),
      createdAt: Number(report.createdAt),
      createdBy: extra?.creator_email ?? report.createdByName ?? "",
      modifiedAt: Number(extra?.updated_at ?? report.createdAt),
      dueDate: report.dueDate === null ? null : Number(report.dueDate),
      assignedTo: extra?.assignee_email ?? extra?.contact_email ?? null,
      comments: comments
        .filter((c) => c.report_id === report.id)
        .map((c) => ({
          guid: (c.bcf_guid ?? c.id).toLowerCase(),
          date: Number(c.created_at),
          author: c.email ?? c.external_author ?? "",
          text: c.body,
        })),
      snapshot: photo
        ? { guid: photo.id.toLowerCase(), file: SNAPSHOT }
        : report.sheetId
          ? { guid: planViewpointGuid(report.id), file: SNAPSHOT }
          : null,
    };
    const source: SnapshotSource | null = photo
      ? { kind: "photo", key: photo.storage_key }
      : report.sheetId
        ? { kind: "plan", report }
        : null;
    return { topic, source };
  });
}

async function* entriesOf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  query: BcfExportQuery,
): AsyncGenerator<ZipEntry> {
  const { version, ...filters } = query;
  const v: BcfVersion = version;
  yield { name: "bcf.version", content: [versionFile(v)] };
  const labels = new Set<string>();
  for await (const batch of exportBatches(ctx, user, { ...filters, projectId })) {
    for (const { topic, source } of await topicsOf(ctx, batch)) {
      for (const label of topic.labels) labels.add(label);
      const png = source ? await snapshotOf(ctx, user.workspace_id, source) : null;
      const written = png ? topic : { ...topic, snapshot: null };
      yield { name: `${topic.guid}/markup.bcf`, content: [markupFile(v, written)] };
      if (png) yield { name: `${topic.guid}/${SNAPSHOT}`, content: [png] };
    }
  }
  if (v === "3.0") yield { name: "extensions.xml", content: [extensionsFile([...labels])] };
}

/** The file name of the download: the project's name made safe, and the version. */
const fileNameOf = (name: string, version: BcfVersion) =>
  `${
    name
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "project"
  }-bcf-${version}.bcfzip`;

/** GET /api/projects/{id}/bcf: the project is checked before the first byte is sent. */
export async function exportBcf(
  ctx: AppContext,
  user: UserRow,
  projectId: string,
  query: BcfExportQuery,
): Promise<{ stream: AsyncGenerator<Buffer>; fileName: string }> {
  const project = await requireBcfProject(ctx, user, projectId);
  return {
    stream: zipStream(entriesOf(ctx, user, project.id, query)),
    fileName: fileNameOf(project.name, query.version),
  };
}
