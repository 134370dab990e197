import { ChevronLeft, ChevronRight, MapPin, X } from "lucide-react";
import { type PointerEvent, useEffect, useId, useRef } from "react";
import { placeholderText } from "../../../components/photo-placeholders";
import { useT } from "../../../i18n/use-t";
import type { PhotoEntry } from "../photo-entries";
import { SafeImage } from "./safe-image";

/** A horizontal move at least this long, and longer than it is tall, is a swipe. */
const SWIPE_PX = 50;

type Props = {
  entries: PhotoEntry[];
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * Full-screen photo viewer on the native <dialog>: focus trapped and restored by the browser,
 * Escape closes, arrow keys and horizontal swipes move between photos.
 */
export function PhotoViewer({ entries, index, onIndexChange, onClose }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const titleId = useId();
  const open = index !== null && entries[index] !== undefined;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < entries.length) onIndexChange(next);
  };
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!start.current) return;
    const dx = e.clientX - start.current.x;
    const dy = e.clientY - start.current.y;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
  };

  const entry = index === null ? undefined : entries[index];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={entry ? `${titleId}-caption` : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        else if (event.key === "ArrowLeft") go(-1);
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950"
    >
      {open && entry && index !== null && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-3 px-4 py-3">
            <h2 id={titleId} className="text-sm font-semibold">
              {t("snagging.viewer.title", { number: entry.number, count: entries.length })}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={t("snagging.viewer.close")}
              className="-m-1 inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10"
            >
              <X aria-hidden className="size-6" />
            </button>
          </div>
          <div
            className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              start.current = null;
            }}
          >
            <SafeImage
              key={entry.attachment.id}
              src={entry.attachment.file_path}
              alt={t("snagging.photo.alt", { number: entry.number, location: placeholderText(t, entry.location) })}
              draggable={false}
              className="max-h-full max-w-full object-contain"
            />
            {entries.length > 1 && (
              <>
                <NavButton
                  label={t("snagging.viewer.previous")}
                  disabled={index === 0}
                  onClick={() => go(-1)}
                  side="left"
                />
                <NavButton
                  label={t("snagging.viewer.next")}
                  disabled={index === entries.length - 1}
                  onClick={() => go(1)}
                  side="right"
                />
              </>
            )}
          </div>
          <div id={`${titleId}-caption`} className="px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-3">
            <p className="flex items-center gap-1 text-sm font-semibold">
              <MapPin aria-hidden className="size-4 shrink-0" />
              {placeholderText(t, entry.location)}
            </p>
            <p className="mt-1 line-clamp-3 text-sm text-slate-300">{placeholderText(t, entry.description)}</p>
          </div>
        </div>
      )}
    </dialog>
  );
}

function NavButton({
  label,
  disabled,
  onClick,
  side,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  side: "left" | "right";
}) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    // aria-disabled, not disabled: a focused button that became disabled would drop the focus out
    // of the dialog, and the arrow keys with it.
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      // Pointer events of the button must not start a swipe on the area behind it.
      onPointerDown={(e) => e.stopPropagation()}
      onPointerUp={(e) => e.stopPropagation()}
      className={`absolute top-1/2 ${side === "left" ? "left-2" : "right-2"} inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-slate-800/80 ring-1 ring-white/25 hover:bg-slate-700 aria-disabled:cursor-default aria-disabled:opacity-30 aria-disabled:hover:bg-slate-800/80`}
    >
      <Icon aria-hidden className="size-7" />
    </button>
  );
}
