import { clsx } from "clsx";
import { Trash2, Undo2 } from "lucide-react";
import { TextAreaField, TextField } from "../../../../components/field";
import { useT } from "../../../../i18n/use-t";

export type KeptPhoto = {
  attachmentId: string;
  url: string;
  name: string;
  location: string;
  description: string;
  removed: boolean;
};

type Props = {
  photo: KeptPhoto;
  /** Its number in the saved report, or null while marked for removal. */
  number: number | null;
  onText: (field: "location" | "description", value: string) => void;
  onToggleRemoved: () => void;
};

/** A photo the report already has: its texts can change; removing it takes effect on save, and can be undone until then. */
export function KeptPhotoCard({ photo, number, onText, onToggleRemoved }: Props) {
  const t = useT();
  const label = number === null ? photo.name : t("snagging.photo.label", { number });
  return (
    <li
      aria-label={label}
      className={clsx(
        "rounded-xl border bg-white p-3 shadow-sm",
        photo.removed ? "border-dashed border-red-300 opacity-70" : "border-slate-200",
      )}
    >
      <div className="flex gap-3">
        <img
          src={photo.url}
          alt={
            photo.location
              ? t("snagging.photo.savedOf", { location: photo.location })
              : t("snagging.photo.saved", { name: photo.name })
          }
          className="size-24 shrink-0 rounded-lg bg-slate-100 object-cover sm:size-32"
        />
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm font-semibold text-slate-900">{label}</p>
          {photo.removed ? (
            <p className="text-xs text-red-700">{t("snagging.photo.willBeRemoved")}</p>
          ) : (
            <p className="truncate text-xs text-slate-600">{photo.name}</p>
          )}
          <button
            type="button"
            onClick={onToggleRemoved}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {photo.removed ? (
              <Undo2 aria-hidden className="size-4" />
            ) : (
              <Trash2 aria-hidden className="size-4 text-red-700" />
            )}
            {photo.removed
              ? t("snagging.photo.keep", { name: photo.name })
              : t("snagging.photo.removeLabel", { number: number ?? 0 })}
          </button>
        </div>
      </div>
      {!photo.removed && number !== null && (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label={t("snagging.photo.location", { number })}
            value={photo.location}
            maxLength={200}
            onChange={(e) => onText("location", e.target.value)}
          />
          <TextAreaField
            label={t("snagging.photo.description", { number })}
            rows={2}
            value={photo.description}
            maxLength={2000}
            onChange={(e) => onText("description", e.target.value)}
          />
        </div>
      )}
    </li>
  );
}
