import {
  NO_DESCRIPTION,
  NO_LOCATION,
  pairPhotoSegments,
  parsePhotoDescription,
} from "@sitesnag/shared/photo-description";
import type { Attachment, Report } from "@sitesnag/shared/snagging";
import type { Message } from "../../i18n/i18n";

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
 * The codec's "Location not specified" / "No description" in the reader's language. Each message
 * is given as [id, the codec's own English], not as `t("id")`: the build would write the English
 * into the list's first load a second time, which is at its budget (the ids are looked up in
 * another language's catalogue; English reads the constant).
 */
const placeholder = (t: (message: Message) => string, text: string): string =>
  text === NO_LOCATION
    ? t(["snagging.photo.noLocation", NO_LOCATION])
    : text === NO_DESCRIPTION
      ? t(["snagging.noDescription", NO_DESCRIPTION])
      : text;

/**
 * The card's one-glance text: each segment as "location: text", without the photo markers, the
 * codec's placeholders in the reader's language.
 */
export const descriptionPreview = (description: string, t: (message: Message) => string): string =>
  parsePhotoDescription(description)
    .map((s) => {
      const text = placeholder(t, s.description);
      return s.matched ? `${placeholder(t, s.location)}: ${text}` : text;
    })
    .join(" · ");
