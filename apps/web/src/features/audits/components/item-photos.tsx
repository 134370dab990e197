import { Camera, ImagePlus, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useT } from "../../../i18n/use-t";
import { lazyDialog } from "../../../lib/lazy-dialog";

// Asked only when a photo is removed: loaded then, not with the audit screen (issue 7).
const ConfirmDialog = lazyDialog(
  () => import("../../../components/confirm-dialog").then((m) => m.ConfirmDialog),
  (p) => p.open,
);

type Props = {
  itemLabel: string;
  photoIds: string[];
  urls: Record<string, string>;
  isAdding: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
};

const MAX_PHOTOS = 20;
const pickerClass =
  "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600";

/** Photos of one item: camera or gallery, thumbnails, remove after confirming. */
export function ItemPhotos({ itemLabel, photoIds, urls, isAdding, onAdd, onRemove }: Props) {
  const t = useT();
  const id = useId();
  const [removing, setRemoving] = useState<string | null>(null);
  const inputs = useRef<HTMLInputElement[]>([]);
  const isFull = photoIds.length >= MAX_PHOTOS;
  const onFiles = (files: FileList | null, index: number) => {
    if (files?.length) onAdd([...files].slice(0, MAX_PHOTOS - photoIds.length));
    const input = inputs.current[index];
    if (input) input.value = "";
  };
  return (
    <div>
      <p className="mb-2 text-sm font-medium text-slate-700">{t("audits.photos.title")}</p>
      {photoIds.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t("audits.photos.of", { label: itemLabel })}>
          {photoIds.map((photoId, n) => (
            <li key={photoId} className="relative">
              {urls[photoId] ? (
                <img
                  src={urls[photoId]}
                  alt={t("audits.photos.alt", { label: itemLabel, n: n + 1, total: photoIds.length })}
                  className="size-20 rounded-lg object-cover ring-1 ring-slate-200"
                />
              ) : (
                <div className="size-20 animate-pulse rounded-lg bg-slate-200" />
              )}
              <button
                type="button"
                onClick={() => setRemoving(photoId)}
                aria-label={t("audits.photos.removeLabel", { n: n + 1, label: itemLabel })}
                className="absolute -right-2 -top-2 flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-red-50"
              >
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2" aria-busy={isAdding}>
        {(
          [
            ["camera", t("audits.photos.take"), Camera, true],
            ["gallery", t("audits.photos.gallery"), ImagePlus, false],
          ] as const
        ).map(([kind, label, Icon, isCamera], index) => (
          <label key={kind} htmlFor={`${id}-${kind}`} className={pickerClass} aria-disabled={isFull || undefined}>
            <Icon aria-hidden className="size-4" />
            {isAdding && index === 0 ? t("audits.photos.adding") : label}
            <input
              id={`${id}-${kind}`}
              ref={(el) => {
                if (el) inputs.current[index] = el;
              }}
              type="file"
              accept="image/*"
              multiple={!isCamera}
              {...(isCamera ? { capture: "environment" as const } : {})}
              disabled={isFull || isAdding}
              className="sr-only"
              aria-label={`${label} ${t("audits.item.forLabel", { label: itemLabel })}`}
              onChange={(e) => onFiles(e.target.files, index)}
            />
          </label>
        ))}
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={t("audits.photos.remove")}
        message={t("audits.photos.removeConfirm")}
        confirmLabel={t("audits.photos.removeButton")}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing);
          setRemoving(null);
        }}
      />
    </div>
  );
}
