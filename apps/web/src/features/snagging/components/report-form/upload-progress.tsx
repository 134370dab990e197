import type { UploadProgress } from "../../lib/upload-with-progress";

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** Shown while a save sends its photos, so a slow site connection does not look like a hang. */
export function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className="space-y-1">
      <progress
        aria-label="Uploading photos"
        max={100}
        value={percent}
        className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
      />
      <p className="text-xs text-slate-600" aria-live="polite">
        Uploading {mb(progress.loaded)} of {mb(progress.total)} MB ({percent}%)
      </p>
    </div>
  );
}
