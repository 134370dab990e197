// A photo's segment that names no location or has no text reads "Location not specified" / "No
// description" (shared/photo-description.ts writes these English words into what it parses, and the
// share API answers with them): shown in the reader's language, what people typed as it is.
import type { Translate } from "../i18n/use-t";

/** shared/photo-description.ts's NO_LOCATION and NO_DESCRIPTION, without importing its parser. */
const NO_LOCATION = "Location not specified";
const NO_DESCRIPTION = "No description";

export const placeholderText = (t: Translate, text: string): string =>
  text === NO_LOCATION ? t("snagging.photo.noLocation") : text === NO_DESCRIPTION ? t("snagging.noDescription") : text;

/** Each line of a text (the share page's joined segments) through `placeholderText`. */
export const placeholderLines = (t: Translate, text: string): string =>
  text
    .split("\n")
    .map((line) => placeholderText(t, line))
    .join("\n");
