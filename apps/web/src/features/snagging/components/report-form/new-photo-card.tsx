import { bytesText } from "@sitesnag/shared/bytes";
import { ArrowDown, ArrowUp, Loader2, PenLine, Trash2 } from "lucide-react";
import { TextAreaField, TextField } from "../../../../components/field";
import { useLocale, useT } from "../../../../i18n/use-t";
import { formatNumberFor } from "../../../../lib/format";
import type { PhotoDraft } from "../../hooks/use-photo-drafts";
import { uploadBlobOf } from "../../hooks/use-photo-drafts";

type Props = {
  photo: PhotoDraft;
  number: number;
  isFirst: boolean;
  isLast: boolean;
  showErrors: boolean;
  onText: (field: "location" | "description", value: string) => void;
  onAnnotate: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

const SMALL_BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-40";

export function NewPhotoCard({
  photo,
  number,
  isFirst,
  isLast,
  showErrors,
  onText,
  onAnnotate,
  onMove,
  onRemove,
}: Props) {
  const t = useT();
  const locale = useLocale();
  const blob = uploadBlobOf(photo);
  // "245 KB"; in another language through Intl ("245 kB").
  const kb = blob ? Math.max(1, Math.round(blob.size / 1024)) : 0;
  const size = blob ? bytesText(locale, kb, 1, 0, () => `${formatNumberFor(locale, kb)} KB`) : "";
  return (
    <li
      aria-label={t("snagging.photo.label", { number })}
      className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="flex gap-3">
        <div className="relative size-24 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-32">
          {photo.preview && (
            <img
              src={photo.preview}
              alt={
                photo.location.trim()
                  ? t("snagging.photo.previewOf", { location: photo.location.trim() })
                  : t("snagging.photo.preview", { number })
              }
              className="size-full object-cover"
            />
          )}
          {photo.status === "compressing" && (
            <div className="absolute inset-0 flex items-center justify-center bg-white/70">
              <Loader2 aria-hidden className="size-6 animate-spin text-slate-600" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm font-semibold text-slate-900">{t("snagging.photo.label", { number })}</p>
          <p className="text-xs text-slate-600" aria-live="polite">
            {photo.status === "compressing" && t("snagging.photo.optimising")}
            {photo.status === "failed" && <span className="text-red-700">{photo.error}</span>}
            {photo.status === "ready" &&
              blob &&
              (photo.annotated ? t("snagging.photo.sizeAnnotated", { size }) : t("snagging.photo.size", { size }))}
          </p>
          <div className="flex flex-wrap gap-1">
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={onAnnotate}
              disabled={photo.status !== "ready"}
              aria-label={t("snagging.photo.annotateLabel", { number })}
            >
              <PenLine aria-hidden className="size-4" />
              <span className="hidden sm:inline">{t("snagging.photo.annotate")}</span>
            </button>
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={() => onMove(-1)}
              disabled={isFirst}
              aria-label={t("snagging.photo.moveUp", { number })}
            >
              <ArrowUp aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={() => onMove(1)}
              disabled={isLast}
              aria-label={t("snagging.photo.moveDown", { number })}
            >
              <ArrowDown aria-hidden className="size-4" />
            </button>
            <button
              type="button"
              className={SMALL_BUTTON}
              onClick={onRemove}
              aria-label={t("snagging.photo.removeLabel", { number })}
            >
              <Trash2 aria-hidden className="size-4 text-red-700" />
            </button>
          </div>
        </div>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("snagging.photo.location", { number })}
          placeholder={t("snagging.photo.locationPlaceholder")}
          value={photo.location}
          maxLength={200}
          error={showErrors && !photo.location.trim() ? t("snagging.check.location") : undefined}
          onChange={(e) => onText("location", e.target.value)}
        />
        <TextAreaField
          label={t("snagging.photo.description", { number })}
          placeholder={t("snagging.photo.descriptionPlaceholder")}
          rows={2}
          value={photo.description}
          maxLength={2000}
          error={showErrors && !photo.description.trim() ? t("snagging.check.description") : undefined}
          onChange={(e) => onText("description", e.target.value)}
        />
      </div>
    </li>
  );
}
