// The report fields the history tracks, one line each: the API name, the label people read, how to
// read the value from a row (a field may span columns: location), and how the value reads as text.
// A new tracked field (a drawing pin, say) is one more line here.
import type { ReportRow } from "../db/schema";
import { formatCoordinate, formatDay } from "../format";

/**
 * Names of the people a change mentions (assignees: members and contacts) and the paths of the
 * locations it names, looked up once per change.
 */
export type Names = ReadonlyMap<string, string>;

export type TrackedField = {
  field: string;
  label: string;
  /** The columns this field is stored in: what a merge drops when it keeps the newer value. */
  columns: readonly (keyof ReportRow)[];
  read: (row: ReportRow) => unknown;
  text: (value: unknown, names: Names) => string;
};

const capitalise = (v: unknown) => (typeof v === "string" ? v.charAt(0).toUpperCase() + v.slice(1) : "—");
const plain = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));
const excerpt = (v: unknown) => {
  const text = plain(v).replace(/\s+/g, " ").trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};
const day = (v: unknown) => (typeof v === "number" ? formatDay(v) : "None");
const person = (v: unknown, names: Names) =>
  typeof v === "string" ? (names.get(v) ?? "A former member or contact") : "Unassigned";
const status = (v: unknown) => capitalise(typeof v === "string" ? v.replace("-", " ") : v);
const point = (v: unknown) =>
  Array.isArray(v) ? `${formatCoordinate(Number(v[0]))}, ${formatCoordinate(Number(v[1]))}` : "Not recorded";

const pinText = (v: unknown) =>
  Array.isArray(v)
    ? `On the drawing at ${Math.round(Number(v[1]) * 100)} %, ${Math.round(Number(v[2]) * 100)} %`
    : "No pin";

const track = (
  field: string,
  label: string,
  columns: readonly (keyof ReportRow)[],
  text: TrackedField["text"],
  read: TrackedField["read"] = (row) => row[columns[0] as keyof ReportRow],
): TrackedField => ({ field, label, columns, read, text });

export const TRACKED_FIELDS: readonly TrackedField[] = [
  track("title", "Title", ["title"], plain),
  track("description", "Description", ["description"], excerpt),
  track("priority", "Priority", ["priority"], capitalise),
  track("category", "Category", ["category"], capitalise),
  track("dueDate", "Due date", ["due_date"], day),
  // A member or a contact (migration 0020): one field over both columns, read as the id that is set.
  track(
    "assignedTo",
    "Assignee",
    ["assigned_to", "assigned_contact_id"],
    person,
    (r) => r.assigned_to ?? r.assigned_contact_id ?? null,
  ),
  track("status", "Status", ["status"], status),
  track("location", "Location", ["location_lat", "location_lng"], point, (r) =>
    r.location_lat === null ? null : [r.location_lat, r.location_lng],
  ),
  track("pageUrl", "Page URL", ["page_url"], plain),
  // The place in the project's location tree (issue 36), read as its path when the change is written.
  track("locationId", "Site location", ["location_id"], (v, names) =>
    typeof v === "string" ? (names.get(v) ?? "A deleted location") : "None",
  ),
  // The pin on a drawing (issue 24): the sheet and both positions move together.
  track("pin", "Pin", ["sheet_id", "pin_x", "pin_y"], pinText, (r) =>
    r.sheet_id === null ? null : [r.sheet_id, r.pin_x, r.pin_y],
  ),
];

export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The PATCH body that sets a tracked field back to `value` (Restore). */
export function patchFor(field: string, value: unknown): Record<string, unknown> {
  if (field === "location") {
    const [lat, lng] = Array.isArray(value) ? value : [null, null];
    return { locationLat: lat ?? null, locationLng: lng ?? null };
  }
  if (field === "pin") {
    const [sheetId, pinX, pinY] = Array.isArray(value) ? value : [null, null, null];
    return sheetId ? { sheetId, pinX, pinY } : { sheetId: null };
  }
  return { [field]: value ?? null };
}
