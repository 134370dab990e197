import { REPORT_STATUSES } from "@sitesnag/shared/enums";
import type { PinCounts, Sheet, SheetRevision } from "@sitesnag/shared/sheets";
import type { SheetRevisionRow } from "../db/schema";
import { attachmentUrl } from "../snagging/snagging.presenter";
import { maxLevelOf, previewKey, TILE_SIZE, thumbnailKey, tileUrlTemplate } from "./sheet-files";
import type { SheetWithRevision } from "./sheets.repository";

type RevisionFields = Pick<SheetRevisionRow, "status" | "failure_reason" | "tiles_key" | "width" | "height"> & {
  tile_bytes: number | string;
};

const revisionView = (row: RevisionFields) => {
  const ready = row.status === "ready";
  return {
    status: row.status,
    failureReason: row.status === "failed" ? row.failure_reason : null,
    width: ready ? row.width : 0,
    height: ready ? row.height : 0,
    tileUrl: ready ? tileUrlTemplate(row.tiles_key) : null,
    tileSize: TILE_SIZE,
    maxLevel: ready ? maxLevelOf(row.width, row.height) : 0,
    thumbnailUrl: ready ? attachmentUrl(thumbnailKey(row.tiles_key)) : null,
    previewUrl: ready ? attachmentUrl(previewKey(row.tiles_key)) : null,
    tileBytes: ready ? Number(row.tile_bytes) : 0,
  };
};

export const emptyPinCounts = (): PinCounts => Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as PinCounts;

export const presentRevision = (row: SheetRevisionRow): SheetRevision => ({
  revision: row.revision,
  ...revisionView(row),
  createdAt: Number(row.created_at),
});

export function presentSheet(row: SheetWithRevision, pinCounts: PinCounts, revisions?: SheetRevisionRow[]): Sheet {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    level: row.level,
    pageNumber: row.page_number,
    revision: row.current_revision,
    ...revisionView({
      status: row.rev_status,
      failure_reason: row.rev_failure_reason,
      tiles_key: row.rev_tiles_key,
      width: row.rev_width,
      height: row.rev_height,
      tile_bytes: row.rev_tile_bytes,
    }),
    pinCounts,
    createdAt: Number(row.created_at),
    ...(revisions ? { revisions: revisions.map(presentRevision) } : {}),
  };
}
