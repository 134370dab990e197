// The audit page's working copy. Every change is kept on the device as a draft shortly after it
// is made (and at once when the tab is hidden or closed), so a closed tab loses nothing; Save
// Audit turns the working copy into the saved audit. Writes go through one promise chain, so a
// draft write that started before a save can never land after it and resurrect the draft.
import type { AuditDetail, AuditSummary } from "@sitesnag/shared/audits";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadAuditStore, loadedAuditStore } from "./api/audit-store";

const DRAFT_DELAY_MS = 400;

export type EditorState =
  | { phase: "loading" }
  | { phase: "missing" }
  | { phase: "failed" }
  | { phase: "ready"; summary: AuditSummary; detail: AuditDetail; isDirty: boolean; restoredDraft: boolean };

export function useAuditEditor(userId: string, auditId: string) {
  const [state, setState] = useState<EditorState>({ phase: "loading" });
  const working = useRef<AuditDetail | null>(null);
  const dirty = useRef(false);
  /** The saved version's updatedAt: drafts are stamped no earlier (see update). */
  const savedStamp = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const enqueue = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.current.then(task, task);
    chain.current = next.catch(() => undefined);
    return next;
  }, []);

  const flushDraft = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!working.current || !dirty.current) return chain.current;
    // Read the working copy when the write runs, not now: a queued write never stores older content.
    return enqueue(async () => {
      if (working.current && dirty.current) await (await loadAuditStore()).auditRepository.saveDraft(working.current);
    }).catch(() => undefined);
  }, [enqueue]);

  /** For a page being hidden or closed: the write is issued before the handler returns. */
  const flushDraftNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (working.current && dirty.current && !loadedAuditStore()?.auditRepository.saveDraftNow(working.current))
      void flushDraft();
  }, [flushDraft]);

  const load = useCallback(async () => {
    setState({ phase: "loading" });
    try {
      const loaded = await (await loadAuditStore()).auditRepository.load(userId, auditId);
      if (!loaded) return setState({ phase: "missing" });
      const detail = loaded.draft ?? loaded.saved;
      savedStamp.current = loaded.saved.updatedAt;
      working.current = detail;
      dirty.current = loaded.draft !== null;
      setState({
        phase: "ready",
        summary: loaded.summary,
        detail,
        isDirty: dirty.current,
        restoredDraft: loaded.draft !== null,
      });
    } catch {
      setState({ phase: "failed" });
    }
  }, [userId, auditId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") flushDraftNow();
    };
    const onPageHide = () => flushDraftNow();
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onPageHide);
      void flushDraft();
    };
  }, [flushDraft, flushDraftNow]);

  /** Applies a change to the working copy and schedules the draft write. */
  const update = useCallback(
    (change: (detail: AuditDetail) => AuditDetail) => {
      const current = working.current;
      if (!current) return;
      // Never older than the saved version (whose stamp may run a second or two ahead, nextStamp):
      // a draft must win over the saved copy it was made after when the audit is opened again.
      const next = { ...change(current), updatedAt: Math.max(Math.floor(Date.now() / 1000), savedStamp.current) };
      working.current = next;
      dirty.current = true;
      setState((s) => (s.phase === "ready" ? { ...s, detail: next, isDirty: true } : s));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flushDraft(), DRAFT_DELAY_MS);
    },
    [flushDraft],
  );

  /** Save Audit. Resolves with the new summary; rejects (nothing changed) when storage refuses. */
  const save = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const detail = working.current;
    if (!detail) throw new Error("Audit not loaded");
    const summary = await enqueue(async () => (await loadAuditStore()).auditRepository.save(userId, detail));
    savedStamp.current = Math.max(savedStamp.current, summary.updatedAt);
    // Later edits made while saving stay dirty.
    if (working.current === detail) dirty.current = false;
    setState((s) => (s.phase === "ready" ? { ...s, summary, isDirty: dirty.current, restoredDraft: false } : s));
    return summary;
  }, [enqueue, userId]);

  return { state, update, save, reload: load, flushDraft };
}
