import type { Attachment } from "@sitesnag/shared/snagging";

/** The ~400 px thumbnail for lists and cards, or the display file when the server kept none. */
export const thumbnailUrl = (attachment: Attachment): string => attachment.thumbnail_path ?? attachment.file_path;
