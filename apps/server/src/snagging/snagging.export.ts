// The two exports: one report's evidence PDF, and every report of the workspace as CSV.
import type { Readable } from "node:stream";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { notFound } from "../http/errors";
import { nowSeconds } from "../time";
import { reportsToCsv } from "./csv";
import { renderReportPdf } from "./pdf";
import { Semaphore } from "./semaphore";
import { requireReport } from "./snagging.access";
import { presentAttachment, presentReport } from "./snagging.presenter";
import { countWorkspaceAttachments, findAttachments, findReportWithNames, selectReports } from "./snagging.repository";

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function downloadReportPdf(ctx: AppContext, user: UserRow, id: string): Promise<Readable> {
  await requireReport(ctx, user, id);
  const [row, attachments] = await Promise.all([
    findReportWithNames(ctx.db, user.workspace_id, id),
    findAttachments(ctx.db, [id]),
  ]);
  if (!row) throw notFound("Report");
  // A few reads at a time: S3 round trips overlap without opening 20 connections per PDF.
  const reads = new Semaphore(4);
  const images = await Promise.all(
    attachments.map((a) =>
      reads.run(async () => {
        const stream = await ctx.storage.get(a.storage_key).catch(() => null);
        return stream ? readAll(stream) : null;
      }),
    ),
  );
  return renderReportPdf({
    report: presentReport(row, attachments.map(presentAttachment)),
    clientName: row.project_client_name,
    attachments,
    images,
    generatedAt: nowSeconds(),
  });
}

export async function exportReportsCsv(ctx: AppContext, user: UserRow): Promise<string> {
  const [rows, counts] = await Promise.all([
    selectReports(ctx.db, user.workspace_id).orderBy("r.created_at", "desc").orderBy("r.id", "desc").execute(),
    countWorkspaceAttachments(ctx.db, user.workspace_id),
  ]);
  const photoCounts = new Map(counts.map((c) => [c.report_id, Number(c.n)]));
  return reportsToCsv(
    rows.map((row) => {
      const { attachments: _none, ...report } = presentReport(row, []);
      return { ...report, photoCount: photoCounts.get(row.id) ?? 0 };
    }),
  );
}
