// Everything answering an audit needs, loaded with the editor (issue 33): the sync state and its
// actions, the answers-replaced feed with the sync engine it imports (decision 0038), and the
// toasts. On a first visit the service worker does not control the page yet, so a chunk first
// asked for once the signal has gone cannot be fetched: the editor's checklist waits for these
// beside its own chunk (audit-page.tsx), and a failure here never holds it back. Raising a snag,
// photos and exports (the outbox, the compressor) still load once the audit has painted.
import { preloadToasts } from "../../lib/toast";
import { loadAuditStore } from "./api/audit-store";

export function loadAuditSavePath(): Promise<unknown> {
  preloadToasts();
  return Promise.all([
    loadAuditStore(),
    import("./components/audit-sync-ui"),
    import("./components/audit-overwrites"),
    import("./sync/audit-sync-web"),
  ]);
}
