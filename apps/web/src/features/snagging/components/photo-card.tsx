import type { Attachment } from "@sitesnag/shared/snagging";
import { clsx } from "clsx";
import { CheckCircle2, Circle, MapPin, Maximize2 } from "lucide-react";
import { placeholderText } from "../../../components/photo-placeholders";
import { useT } from "../../../i18n/use-t";
import type { PhotoEntry } from "../photo-entries";
import { thumbnailUrl } from "../photo-urls";
import { SafeImage } from "./safe-image";

/**
 * The ~400 px thumbnail where it is sharp enough, the display copy on wide or dense screens (a
 * phone's full-width card needs over 1000 device pixels).
 */
function cardSources(attachment: Attachment) {
  if (!attachment.thumbnail_path) return {};
  return {
    srcSet: `${attachment.thumbnail_path} 400w, ${attachment.file_path} ${attachment.width ?? 2048}w`,
    sizes: "(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw",
  };
}

type Props = { entry: PhotoEntry; isResolved: boolean; onOpen: () => void; onToggleResolved: () => void };

/** A photo with its location and description, a button opening the viewer, and the resolved toggle. */
export function PhotoCard({ entry, isResolved, onOpen, onToggleResolved }: Props) {
  const t = useT();
  const name = t("snagging.photo.label", { number: entry.number });
  return (
    <li
      className={clsx(
        "overflow-hidden rounded-xl bg-white shadow-sm ring-1",
        isResolved ? "ring-emerald-500" : "ring-slate-200",
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t("snagging.gallery.open", { number: entry.number })}
        className="group relative block aspect-[4/3] w-full bg-slate-100"
      >
        <SafeImage
          src={thumbnailUrl(entry.attachment)}
          {...cardSources(entry.attachment)}
          alt={t("snagging.photo.alt", { number: entry.number, location: placeholderText(t, entry.location) })}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
        <span className="absolute end-2 top-2 rounded-full bg-slate-900/60 p-1.5 text-white opacity-80 group-hover:opacity-100">
          <Maximize2 aria-hidden className="size-4" />
        </span>
        {isResolved && (
          <span className="absolute start-2 top-2 inline-flex items-center gap-1 rounded-full bg-emerald-600 px-2 py-0.5 text-xs font-semibold text-white">
            <CheckCircle2 aria-hidden className="size-3.5" />
            {t("snagging.gallery.resolvedMark")}
          </span>
        )}
      </button>
      <div className="p-3">
        <h3 className="text-sm font-semibold text-slate-900">{name}</h3>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden className="size-4 shrink-0 text-slate-400" />
          <span className="min-w-0 break-words">{placeholderText(t, entry.location)}</span>
        </p>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-600">
          {placeholderText(t, entry.description)}
        </p>
        <button
          type="button"
          aria-pressed={isResolved}
          onClick={onToggleResolved}
          className={clsx(
            "mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border px-3 text-sm font-semibold",
            isResolved
              ? "border-emerald-600 bg-emerald-50 text-emerald-800"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {isResolved ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
          <span className="sr-only">{name} </span>
          {t("snagging.gallery.resolvedMark")}
        </button>
      </div>
    </li>
  );
}
