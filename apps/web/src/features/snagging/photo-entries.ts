import { pairPhotoSegments, parsePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Attachment, Report } from "@sitesnag/shared/snagging";

/** A photo of a report with the location and text of its description segment. */
export type PhotoEntry = { number: number; attachment: Attachment; location: string; description: string };

/** Segment N paired with attachment N, through the shared codec (SPEC §3). */
export const photoEntries = (report: Pick<Report, "description" | "attachments">): PhotoEntry[] =>
  pairPhotoSegments(report.description, report.attachments).map((pair, i) => ({ ...pair, number: i + 1 }));

/** The card's one-glance text: each segment as "location: text", without the photo markers. */
export const descriptionPreview = (description: string): string =>
  parsePhotoDescription(description)
    .map((s) => (s.matched ? `${s.location}: ${s.description}` : s.description))
    .join(" · ");
