// Everything saving a report needs, loaded with the form (issue 33): the outbox (a save with no
// signal is queued there), the photo compressor and its worker, the toasts, and the screens a save
// lands on (the list with its pending reports, the report). On a first visit the service worker
// does not control the page yet, so a chunk first asked for once the signal has gone cannot be
// fetched; the form waits for these beside its own chunk (report-form-page.tsx), and a failure
// here never holds the form back: the save loads what it needs again, and says so if it cannot.
import { preloadToasts } from "../../../lib/toast";
import { preloadOutbox } from "../../../offline/preload-outbox";

export function loadSavePath(): Promise<unknown> {
  preloadToasts();
  return Promise.all([
    preloadOutbox(),
    import("../../../lib/photo-compress/compress-image").then((m) => m.warmCompressor()),
    import("../snagging-list-page"),
    import("../components/list-filters"),
    import("../../../offline/pending-reports"),
    import("../snagging-detail-page"),
  ]);
}
