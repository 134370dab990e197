import { useState } from "react";
import { useT } from "../../../i18n/use-t";
import { lazyDialog } from "../../../lib/lazy-dialog";
import { toast } from "../../../lib/toast";
import type { PhotoEntry } from "../photo-entries";
import { PhotoCard } from "./photo-card";

// The full-screen viewer loads when a photo is first opened, not with the report (issue 7).
const PhotoViewer = lazyDialog(
  () => import("./photo-viewer").then((m) => m.PhotoViewer),
  (p) => p.index !== null,
);

/**
 * The report's photos as cards, each opening the full-screen viewer. The resolved marker is kept
 * on this screen only (SPEC §4: not saved); it resets when the report is opened again.
 */
export function PhotoGallery({ entries }: { entries: PhotoEntry[] }) {
  const t = useT();
  const [viewing, setViewing] = useState<number | null>(null);
  const [resolved, setResolved] = useState<ReadonlySet<string>>(new Set());

  const toggle = (entry: PhotoEntry) => {
    const id = entry.attachment.id;
    const next = new Set(resolved);
    if (next.delete(id)) {
      toast.info(t("snagging.gallery.unresolved", { number: entry.number }));
    } else {
      next.add(id);
      toast.success(t("snagging.gallery.resolved", { number: entry.number }));
    }
    setResolved(next);
  };

  return (
    <section aria-labelledby="report-photos">
      <h2 id="report-photos" className="mb-3 text-lg font-semibold text-slate-900">
        {t("snagging.field.photos")} <span className="text-sm font-normal text-slate-500">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-sm text-slate-600">
          {t("snagging.gallery.none")}
        </p>
      ) : (
        <ul aria-label={t("snagging.field.photos")} className="grid gap-4 sm:grid-cols-2">
          {entries.map((entry, i) => (
            <PhotoCard
              key={entry.attachment.id}
              entry={entry}
              isResolved={resolved.has(entry.attachment.id)}
              onOpen={() => setViewing(i)}
              onToggleResolved={() => toggle(entry)}
            />
          ))}
        </ul>
      )}
      <PhotoViewer entries={entries} index={viewing} onIndexChange={setViewing} onClose={() => setViewing(null)} />
    </section>
  );
}
