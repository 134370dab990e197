// The notices of a change someone else's replaced (reports, decision 0021; audit answers, 0038)
// share how "Keep theirs" is remembered on this device and how the time reads.
import type { Overwrite } from "@sitesnag/shared/activity";
import type { Translate } from "../../i18n/use-t";
import { formatDateFor } from "../../lib/format";

const KEPT_KEY = "sitesnag-overwrites-kept";

/** Entry ids of notices this device chose to keep the other value for (the newest 200). */
export const readKept = (): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEPT_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

/** Remembers "Keep theirs" for a notice; returns the list now kept. */
export function rememberKept(entryId: string, kept: readonly string[] = readKept()): string[] {
  const next = [...kept, entryId].slice(-200);
  try {
    localStorage.setItem(KEPT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the notice stays hidden for this visit only.
  }
  return next;
}

/** "at 14:02" today; "on Nov 24, 2026 at 14:02" another day: in the reader's language. */
export function whenText(t: Translate, locale: string, seconds: number, now = new Date()): string {
  const d = new Date(seconds * 1000);
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  return d.toDateString() === now.toDateString()
    ? t("sync.answerOverwrite.atTime", { time })
    : t("sync.answerOverwrite.onDay", { date: formatDateFor(locale, seconds), time });
}

/**
 * "Your change to Priority (High) was replaced by Sam's (Critical) at 14:02." in the reader's
 * language: the server sends the field's name and both values in it (what people named as recorded).
 */
export const overwriteSentence = (t: Translate, locale: string, o: Overwrite, now?: Date): string =>
  t("snagging.overwrite.sentence", {
    label: o.label,
    yours: o.yourText,
    name: o.byName.split(" ")[0] ?? o.byName,
    theirs: o.theirText,
    when: whenText(t, locale, o.at, now),
  });
