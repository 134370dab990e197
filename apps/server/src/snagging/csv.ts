// The CSV export: one row per report, UTF-8 with a BOM (Excel otherwise reads accents as mojibake),
// and text cells that a spreadsheet would run as a formula neutralised with a leading apostrophe
// (OWASP "CSV injection"). Numbers we produce ourselves (coordinates, counts) stay numbers.
import { CSV_FORMAT, neutraliseCell } from "@sitesnag/shared/csv";
import type { Report } from "@sitesnag/shared/snagging";
import { stringify } from "csv-stringify/sync";

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const isoMinute = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ");

export const CSV_COLUMNS = [
  "Reference",
  "Project",
  "Status",
  "Priority",
  "Category",
  "Assignee",
  "Created by",
  "Created (UTC)",
  "Due date",
  "Location",
  "Latitude",
  "Longitude",
  "Photos",
  "Description",
] as const;

export type CsvReport = Omit<Report, "attachments"> & { photoCount: number };

const toCells = (r: CsvReport) => [
  neutraliseCell(r.title),
  neutraliseCell(r.projectName),
  r.status,
  r.priority,
  r.category,
  neutraliseCell(r.assignedToName ?? ""),
  neutraliseCell(r.createdByName ?? ""),
  isoMinute(r.createdAt),
  r.dueDate === null ? "" : isoDay(r.dueDate),
  neutraliseCell(r.locationPath ?? ""),
  r.locationLat ?? "",
  r.locationLng ?? "",
  r.photoCount,
  neutraliseCell(r.description),
];

/** The BOM and the header line: the start of the file, sent before any row is read. */
export const csvHead = (): string =>
  stringify([], { ...CSV_FORMAT, bom: true, header: true, columns: [...CSV_COLUMNS] });

/** Rows only (no BOM, no header), to append batch after batch. */
export const csvRows = (reports: readonly CsvReport[]): string => stringify(reports.map(toCells), CSV_FORMAT);

export function reportsToCsv(reports: readonly CsvReport[]): string {
  return csvHead() + csvRows(reports);
}
