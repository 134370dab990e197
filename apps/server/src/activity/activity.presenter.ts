// History rows → the API's entries, each with its sentence (shown on the timeline and in the PDF),
// in the reader's language. A row keeps each change's raw values beside their text as it read when
// the change was made (English, with names and paths as they were); another language writes the
// values it can name itself (a status, a priority, a date, "Unassigned") from the raw value, and keeps
// what people named (a title, an assignee, a location's path) as recorded.
import type { ActivityChange, ActivityEntry, ActivityOther, ActivityType } from "@sitesnag/shared/activity";
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import type { ActivityRow } from "../db/schema";
import { formatDayIn, formatDayTimeIn } from "../format";
import { type Translator, translatorFor } from "../i18n/translate";

const firstName = (name: string) => name.split(" ")[0] ?? name;

const STATUS_IDS: Record<string, MessageId> = {
  open: "pdf.status.open",
  "in-progress": "pdf.status.inProgress",
  resolved: "pdf.status.resolved",
  closed: "pdf.status.closed",
};
const PRIORITY_IDS: Record<string, MessageId> = {
  critical: "pdf.priority.critical",
  high: "pdf.priority.high",
  medium: "pdf.priority.medium",
  low: "pdf.priority.low",
};
/** The words the history's field texts write for "nothing there" (activity.fields.ts), by meaning. */
const RECORDED: Record<string, MessageId> = {
  None: "history.value.none",
  Unassigned: "history.value.unassigned",
  "A former member or contact": "history.value.formerMember",
  "Not recorded": "history.value.notRecorded",
  "No pin": "history.value.noPin",
  "A deleted location": "history.value.deletedLocation",
};

type Reader = { t: Translator; locale: Locale };

/** A tracked field's value as `reader` reads it; English (and what people typed) as recorded. */
function valueText(reader: Reader, field: string, value: unknown, recorded: string): string {
  const { t, locale } = reader;
  if (locale === DEFAULT_LOCALE) return recorded;
  if (field === "status" && typeof value === "string" && STATUS_IDS[value]) return t(STATUS_IDS[value]);
  if (field === "priority" && typeof value === "string" && PRIORITY_IDS[value]) return t(PRIORITY_IDS[value]);
  if (field === "dueDate" && typeof value === "number") return formatDayIn(locale, value);
  if (field === "pin" && Array.isArray(value)) {
    return t("history.value.pin", { x: Math.round(Number(value[1]) * 100), y: Math.round(Number(value[2]) * 100) });
  }
  const fixed = RECORDED[recorded];
  return fixed ? t(fixed) : recorded;
}

const FIELD_IDS: Record<string, MessageId> = {
  title: "history.field.title",
  description: "history.field.description",
  priority: "history.field.priority",
  category: "history.field.category",
  dueDate: "history.field.dueDate",
  assignedTo: "history.field.assignedTo",
  status: "history.field.status",
  location: "history.field.location",
  pageUrl: "history.field.pageUrl",
  locationId: "history.field.locationId",
  pin: "history.field.pin",
};
const label = ({ t, locale }: Reader, c: ActivityChange) =>
  locale !== DEFAULT_LOCALE && FIELD_IDS[c.field] ? t(FIELD_IDS[c.field] as MessageId) : c.label;
const otherText = (reader: Reader, field: string, other: ActivityOther) =>
  valueText(reader, field, other.value, other.text);

/**
 * An overwrite notice's field name and its two values (activity.service.ts's listOverwrites) in
 * `locale`, written like the history's: what people named stays as recorded.
 */
export function overwriteTexts(
  locale: Locale,
  c: ActivityChange,
  yours: { value: unknown; text: string },
  theirs: { value: unknown; text: string },
): { label: string; yourText: string; theirText: string } {
  const reader: Reader = { t: translatorFor(locale), locale };
  return {
    label: label(reader, c),
    yourText: valueText(reader, c.field, yours.value, yours.text),
    theirText: valueText(reader, c.field, theirs.value, theirs.text),
  };
}

function changeText(reader: Reader, c: ActivityChange): string {
  const values = {
    label: label(reader, c),
    from: valueText(reader, c.field, c.from, c.fromText),
    to: valueText(reader, c.field, c.to, c.toText),
  };
  return c.replaced
    ? reader.t("history.changeReplacing", {
        ...values,
        name: firstName(c.replaced.userName),
        text: otherText(reader, c.field, c.replaced),
      })
    : reader.t("history.change", values);
}

function lostText(reader: Reader, actor: string, c: ActivityChange): string {
  const other = c.supersededBy;
  if (!other) return "";
  return reader.t("history.lost", {
    actor,
    label: label(reader, c),
    to: valueText(reader, c.field, c.to, c.toText),
    name: firstName(other.userName),
    text: otherText(reader, c.field, other),
    at: formatDayTimeIn(reader.locale, other.at),
  });
}

const clip = (text: string | null) => {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};

/** The writer's "3 photos: a.jpg, b.jpg" (activity.writer.ts) in the reader's language. */
function photoList({ t }: Reader, comment: string): string {
  const match = /^(\d+) photos?: (.*)$/s.exec(comment);
  return match ? t("history.photoList", { count: Number(match[1]), names: match[2] as string }) : comment;
}

export function summarise(
  type: ActivityType,
  actor: string,
  changes: ActivityChange[],
  comment: string | null,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const reader: Reader = { t: translatorFor(locale), locale };
  const { t } = reader;
  switch (type) {
    case "created":
      return comment
        ? t("history.createdWith", { actor, photos: photoList(reader, comment) })
        : t("history.created", { actor });
    case "status_changed":
      return t("history.statusChanged", {
        actor,
        from: changes[0] ? valueText(reader, "status", changes[0].from, changes[0].fromText) : "—",
        to: changes[0] ? valueText(reader, "status", changes[0].to, changes[0].toText) : "—",
      });
    case "edited": {
      const applied = changes.filter((c) => !c.supersededBy).map((c) => changeText(reader, c));
      const lost = changes.filter((c) => c.supersededBy).map((c) => lostText(reader, actor, c));
      return [applied.length > 0 ? t("history.edited", { actor, changes: applied.join("; ") }) : "", ...lost]
        .filter(Boolean)
        .join(". ");
    }
    case "photos_added":
      return comment
        ? t("history.photosAdded", { actor, photos: photoList(reader, comment) })
        : t("history.photosAddedNone", { actor });
    case "photos_removed":
      return comment
        ? t("history.photosRemoved", { actor, photos: photoList(reader, comment) })
        : t("history.photosRemovedNone", { actor });
    case "pdf_exported":
      return t("history.pdfExported", { actor });
    case "verification_accepted":
      return t("history.verificationAccepted", { actor });
    case "comment_added":
      return t("history.commentAdded", { actor, text: clip(comment) });
    case "comment_edited":
      return t("history.commentEdited", { actor, text: clip(comment) });
    case "comment_deleted":
      return t("history.commentDeleted", { actor });
    case "deleted":
      return t("history.deleted", { actor });
    case "restored":
      return t("history.restored", { actor });
    case "verification_rejected":
      return t("history.verificationRejected", { actor, reason: comment ?? "" });
  }
}

export function presentActivity(row: ActivityRow, locale: Locale = DEFAULT_LOCALE): ActivityEntry {
  const type = row.type as ActivityType;
  const changes = row.changes ? (JSON.parse(row.changes) as ActivityChange[]) : undefined;
  const at = Number(row.created_at);
  return {
    id: row.id,
    type,
    actorId: row.actor_id,
    actorName: row.actor_name,
    at,
    ...(changes ? { changes } : {}),
    ...(row.comment !== null ? { comment: row.comment } : {}),
    ...(row.via_offline
      ? { offline: { madeAt: row.device_at === null ? null : Number(row.device_at), receivedAt: at } }
      : {}),
    ...(row.batch_id ? { batchId: row.batch_id } : {}),
    summary: summarise(type, row.actor_name, changes ?? [], row.comment, locale),
  };
}
