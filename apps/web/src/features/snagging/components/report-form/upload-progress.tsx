import { useLocale, useT } from "../../../../i18n/use-t";
import { uploadProgressText } from "../../lib/upload-progress-text";
import type { UploadProgress } from "../../lib/upload-with-progress";

/** Shown while a save sends its photos, so a slow site connection does not look like a hang. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const t = useT();
  const locale = useLocale();
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="space-y-1">
      <progress
        aria-label={t("snagging.upload.label")}
        max={100}
        value={percent}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
      <p className="text-xs text-slate-600" aria-live="polite">
        {uploadProgressText(t, locale, progress)}
      </p>
    </div>
  );
}
