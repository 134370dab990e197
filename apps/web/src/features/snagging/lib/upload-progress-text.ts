// The sentence under the save's progress bar ("Uploading 1.5 MB of 3.0 MB (50%)"): the sizes and
// the share through Intl for the app's language ("1,5 MB", "50 %"), never a unit the catalogue
// hard-codes (issue 35).
import { bytesText } from "@sitesnag/shared/bytes";
import type { Translate } from "../../../i18n/use-t";
import type { UploadProgress } from "./upload-with-progress";

const MEGABYTE = 2;

/** Megabytes with one decimal, written as the locale writes them ("1.5 MB"; "1,5 MB" in Polish). */
const megabytes = (locale: string, bytes: number) =>
  bytesText(locale, bytes / (1024 * 1024), MEGABYTE, 1, (n) => `${n} MB`);

export function uploadProgressText(t: Translate, locale: string, progress: UploadProgress): string {
  const share = progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : 0;
  return t("snagging.upload.progress", {
    loaded: megabytes(locale, progress.loaded),
    total: megabytes(locale, progress.total),
    percent: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(share),
  });
}
