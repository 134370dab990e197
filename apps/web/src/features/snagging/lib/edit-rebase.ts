// The edit form and a newer answer from the server (issue 33: never lose work). The form may open
// on this device's copy of the report (restored from IndexedDB, or an older read kept in memory)
// while the server's answer is on its way; when that answer brings a newer version, every field the
// person has not touched takes the server's value, and every field they have touched keeps theirs.
// The server then merges the save field by field against the version the edits were made on
// (activity/activity.merge.ts): a touched field someone else changed meanwhile gets its notice.
import type { KeptPhoto } from "../components/report-form/kept-photo-card";
import type { ReportFormValues } from "./report-form-rules";

/** What the form shows: its fields and the report's photos with their texts. */
export type EditState = { values: ReportFormValues; kept: KeptPhoto[] };

const KEPT_TEXTS = ["location", "description", "removed"] as const;

/**
 * `current` is what the form holds, `base` the server's state it was last set from, `latest` the
 * server's newer state. A photo deleted on the server leaves the form; one added there joins it.
 */
export function rebaseEdit(current: EditState, base: EditState, latest: EditState): EditState {
  const values = { ...current.values };
  for (const key of Object.keys(latest.values) as (keyof ReportFormValues)[]) {
    if (current.values[key] === base.values[key]) Object.assign(values, { [key]: latest.values[key] });
  }
  const kept = latest.kept.map((server) => {
    const mine = current.kept.find((k) => k.attachmentId === server.attachmentId);
    const before = base.kept.find((k) => k.attachmentId === server.attachmentId);
    if (!mine || !before) return server;
    const merged = { ...server };
    for (const field of KEPT_TEXTS) {
      if (mine[field] !== before[field]) Object.assign(merged, { [field]: mine[field] });
    }
    return merged;
  });
  return { values, kept };
}
