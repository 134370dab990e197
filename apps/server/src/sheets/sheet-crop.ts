// The crop of a drawing around a report's pin, for the report's PDF: cut from the sheet's newest
// ready preview (≤ 1600 px), with the pin drawn in its status colour. Small images only, so sharp
// runs it on the calling thread; a missing sheet or file gives no crop, never a failed PDF.
import type { ReportStatus } from "@sitesnag/shared/enums";
import sharp from "sharp";
import type { AppContext } from "../context";
import { previewKey } from "./sheet-files";

const PIN_COLOURS: Record<ReportStatus, string> = {
  open: "#dc2626",
  "in-progress": "#d97706",
  resolved: "#059669",
  closed: "#64748b",
};
/** The crop shows this fraction of the sheet's width, 3 : 2. */
const CROP_FRACTION = 0.3;

export type PlanCropImage = { image: Buffer; sheetName: string; level: string };

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function planCrop(
  ctx: AppContext,
  workspaceId: string,
  pin: { sheetId: string; x: number; y: number; status: ReportStatus },
): Promise<PlanCropImage | null> {
  const sheet = await ctx.db
    .selectFrom("sheets")
    .select(["id", "name", "level"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", pin.sheetId)
    .executeTakeFirst();
  if (!sheet) return null;
  const revision = await ctx.db
    .selectFrom("sheet_revisions")
    .select(["tiles_key"])
    .where("sheet_id", "=", sheet.id)
    .where("status", "=", "ready")
    .orderBy("revision", "desc")
    .executeTakeFirst();
  if (!revision) return null;
  const stream = await ctx.storage.get(previewKey(revision.tiles_key));
  if (!stream) return null;
  const preview = await readAll(stream);
  const { width = 0, height = 0 } = await sharp(preview).metadata();
  if (width === 0 || height === 0) return null;
  const cropWidth = Math.max(1, Math.min(width, Math.round(width * CROP_FRACTION)));
  const cropHeight = Math.max(1, Math.min(height, Math.round((cropWidth * 2) / 3)));
  const left = Math.round(Math.min(Math.max(pin.x * width - cropWidth / 2, 0), width - cropWidth));
  const top = Math.round(Math.min(Math.max(pin.y * height - cropHeight / 2, 0), height - cropHeight));
  const cx = pin.x * width - left;
  const cy = pin.y * height - top;
  const radius = Math.max(6, Math.round(cropWidth / 40));
  const marker = Buffer.from(
    `<svg width="${cropWidth}" height="${cropHeight}" xmlns="http://www.w3.org/2000/svg"><circle cx="${cx}" cy="${cy}" r="${radius}" fill="${PIN_COLOURS[pin.status]}" stroke="#ffffff" stroke-width="${Math.max(2, radius / 3)}"/></svg>`,
  );
  const image = await sharp(preview)
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .composite([{ input: marker }])
    .jpeg({ quality: 85 })
    .toBuffer();
  return { image, sheetName: sheet.name, level: sheet.level };
}
