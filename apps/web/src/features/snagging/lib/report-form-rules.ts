// The snag form's rules and messages (SPEC §5), as pure functions so each rule is unit-tested and
// the form shows exactly these texts. The server checks its own side with the shared schemas.
import type { Priority } from "@sitesnag/shared/enums";
import { type PhotoText, writePhotoDescription } from "@sitesnag/shared/photo-description";

export const MESSAGES = {
  project: "Project is required",
  reference: "Reference number is required",
  priority: "Priority is required",
  dueDate: "Due date cannot be earlier than today",
  photoRequired: "Please add at least one photo of the snagg area",
  photoLocations: (n: number) => `Please specify location for all ${n} photo(s)`,
  photoDescriptions: (n: number) => `Please add descriptions for all ${n} photo(s)`,
  photosBusy: "Please wait until every photo is ready, or remove the ones that failed",
} as const;

export type ReportFormValues = {
  projectId: string;
  title: string;
  priority: Priority | "";
  /** A trade's key (issue 36); `other` until chosen. */
  category: string;
  /** yyyy-mm-dd from <input type="date">, or "" for none. */
  dueDate: string;
  assignedTo: string;
};

export type ReportFormErrors = Partial<Record<"projectId" | "title" | "priority" | "dueDate" | "photos", string>>;

type PhotoCheck = PhotoText & { isReady: boolean };

/**
 * Every rule of SPEC §5 for the snag form. `newPhotos` are the photos added in this session (each
 * needs a location and a description); `keptPhotoCount` counts the report's existing photos that
 * stay (edit mode). `today` is the user's calendar day as yyyy-mm-dd.
 */
export function validateReportForm(
  values: ReportFormValues,
  photos: { newPhotos: readonly PhotoCheck[]; keptPhotoCount: number; mode: "create" | "edit" },
  today: string,
): ReportFormErrors {
  const errors: ReportFormErrors = {};
  if (!values.projectId.trim()) errors.projectId = MESSAGES.project;
  if (!values.title.trim()) errors.title = MESSAGES.reference;
  if (!values.priority) errors.priority = MESSAGES.priority;
  // ISO dates compare correctly as strings.
  if (values.dueDate && values.dueDate < today) errors.dueDate = MESSAGES.dueDate;
  const { newPhotos, keptPhotoCount, mode } = photos;
  const total = mode === "create" ? newPhotos.length : newPhotos.length + keptPhotoCount;
  const n = newPhotos.length;
  if (total === 0) errors.photos = MESSAGES.photoRequired;
  else if (newPhotos.some((p) => !p.location.trim())) errors.photos = MESSAGES.photoLocations(n);
  else if (newPhotos.some((p) => !p.description.trim())) errors.photos = MESSAGES.photoDescriptions(n);
  else if (newPhotos.some((p) => !p.isReady)) errors.photos = MESSAGES.photosBusy;
  return errors;
}

/**
 * The description sent with the report: one segment per photo in attachment order. The server
 * appends new photos after the ones a report keeps, so kept photos' texts come first.
 */
export function assembleDescription(keptPhotos: readonly PhotoText[], newPhotos: readonly PhotoText[]): string {
  const clean = (p: PhotoText): PhotoText => ({ location: p.location.trim(), description: p.description.trim() });
  return writePhotoDescription([...keptPhotos, ...newPhotos].map(clean));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The user's calendar day of `date` as yyyy-mm-dd. */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * A due day as epoch seconds at 12:00 UTC: the same calendar day in every time zone from UTC-11 to
 * UTC+11, so the list, the detail page and the PDF agree with what the user picked.
 */
export function dueDayToEpoch(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) / 1000;
}

/** Epoch seconds back to the day shown in the date input. */
export const epochToDueDay = (seconds: number | null): string =>
  seconds === null ? "" : localDay(new Date(seconds * 1000));
