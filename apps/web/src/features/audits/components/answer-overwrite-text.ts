// "Sam's answer replaced yours: Status Non-compliant (yours: Compliant), at 14:02." (decision 0038)
// in the inspector's language, written from the overwrite's raw values (`theirs`, `restore`), so a
// status, a risk level and a date read in the language while notes and owners stay as typed.
import type { AnswerField, AuditOverwrite } from "@sitesnag/shared/audit-overwrites";
import type { ItemStatus } from "@sitesnag/shared/audit-scoring";
import type { Message } from "../../../i18n/i18n";
import { msg, type Translate } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { ITEM_STATUS, likelihoodLabel, severityLabel } from "./labels";

const FIELDS: Record<AnswerField, Message> = {
  status: msg("sync.answerOverwrite.field.status"),
  value: msg("sync.answerOverwrite.field.value"),
  notes: msg("sync.answerOverwrite.field.notes"),
  riskSeverity: msg("sync.answerOverwrite.field.riskSeverity"),
  riskLikelihood: msg("sync.answerOverwrite.field.riskLikelihood"),
  actionOwner: msg("sync.answerOverwrite.field.actionOwner"),
  dueDate: msg("sync.answerOverwrite.field.dueDate"),
};

/** An answer field's value as the reader reads it (shared answerText's English, in the app's language). */
function valueText(t: Translate, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "")
    return field === "status" ? t(ITEM_STATUS[""]) : t("sync.answerOverwrite.none");
  if (field === "status")
    return Object.hasOwn(ITEM_STATUS, value as string) ? t(ITEM_STATUS[value as ItemStatus]) : String(value);
  if (field === "riskSeverity") return `${value} – ${t(severityLabel(Number(value)))}`;
  if (field === "riskLikelihood") return `${value} – ${t(likelihoodLabel(Number(value)))}`;
  if (field === "dueDate" && typeof value === "number") return new Date(value * 1000).toISOString().slice(0, 10);
  return String(value);
}

/** 14:02 today ("at 14:02"), another day with its date. */
function when(t: Translate, locale: string, seconds: number, now = new Date()): string {
  const d = new Date(seconds * 1000);
  const time = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  return d.toDateString() === now.toDateString()
    ? t("sync.answerOverwrite.atTime", { time })
    : t("sync.answerOverwrite.onDay", { date: formatDateFor(locale, seconds), time });
}

export function overwriteSentence(t: Translate, locale: string, o: AuditOverwrite, now?: Date): string {
  const label = Object.hasOwn(FIELDS, o.field) ? t(FIELDS[o.field as AnswerField]) : o.label;
  return t("sync.answerOverwrite.sentence", {
    name: o.byName.split(" ")[0] ?? o.byName,
    label,
    theirs: o.field in o.theirs ? valueText(t, o.field, o.theirs[o.field]) : o.theirText,
    yours: o.field in o.restore ? valueText(t, o.field, o.restore[o.field]) : o.yourText,
    when: when(t, locale, o.at, now),
  });
}
