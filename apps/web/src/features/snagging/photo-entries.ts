import { pairPhotoSegments, parsePhotoDescription } from "@sitesnag/shared/photo-description";
import type { Attachment, Report } from "@sitesnag/shared/snagging";

/** A photo of a report with the location and text of its description segment. */
export type PhotoEntry = { number: number; attachment: Attachment; location: string; description: string };

const isFix = (a: Attachment) => a.kind === "fix";

/**
 * Segment N paired with photo N of the snag as found, through the shared codec (SPEC §3). Fix
 * photos (issue 23) have no segment: they are shown beside the originals (`fixPairs`).
 */
export const photoEntries = (report: Pick<Report, "description" | "attachments">): PhotoEntry[] =>
  pairPhotoSegments(
    report.description,
    report.attachments.filter((a) => !isFix(a)),
  ).map((pair, i) => ({ ...pair, number: i + 1 }));

/** Each fix photo beside the original it answers: the one at its position, else the first. */
export const fixPairs = (report: Pick<Report, "attachments">): { before: Attachment | null; after: Attachment }[] => {
  const originals = report.attachments.filter((a) => !isFix(a));
  return report.attachments.filter(isFix).map((after, i) => ({ before: originals[i] ?? originals[0] ?? null, after }));
};

/**
 * The card's one-glance text: each segment as "location: text", without the photo markers. (Its
 * "Location not specified" / "No description" stay as the codec writes them: the report list's
 * first load is at its budget; the report itself shows them translated, photo-placeholders.ts.)
 */
export const descriptionPreview = (description: string): string =>
  parsePhotoDescription(description)
    .map((s) => (s.matched ? `${s.location}: ${s.description}` : s.description))
    .join(" · ");
