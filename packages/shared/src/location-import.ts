// The bulk import's format (issue 36), pure so the screen can check a pasted list before sending
// it and the server applies exactly what was checked: one path a line, " > " between the levels,
// optionally ";code" after the last level (the code of the deepest location on the line). Blank
// lines are skipped. Any bad line refuses the whole list, named by its line number (from 1).
import {
  LOCATION_PATH_SEPARATOR,
  locationCode,
  locationName,
  MAX_LOCATION_DEPTH,
  MAX_LOCATION_IMPORT_BYTES,
  MAX_LOCATION_IMPORT_LINES,
} from "./locations";

export type ImportEntry = { line: number; names: string[]; code: string | null };
export type ImportProblem = { line: number | null; message: string; tooLarge: boolean };
export type ParsedImport = { ok: true; entries: ImportEntry[] } | ({ ok: false } & ImportProblem);

const LINE_BREAK = /\r\n|\n|\r/;

export const IMPORT_TOO_MANY_LINES = `An import can hold at most ${MAX_LOCATION_IMPORT_LINES} lines; split the list and import each part`;
export const IMPORT_TOO_LARGE = `An import can be at most ${MAX_LOCATION_IMPORT_BYTES / 1024} KB; split the list and import each part`;
export const IMPORT_EMPTY = "The list has no locations: write one path a line, such as Block B > Level 3 > Flat 3.04";

/** A bad line's sentence, "Line 3: <what is wrong>", read back into its line and its problem. */
export function splitLineProblem(sentence: string): { line: number; problem: string } | null {
  const match = /^Line (\d+): (.+)$/s.exec(sentence);
  return match ? { line: Number(match[1]), problem: match[2] as string } : null;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** A text body (or JSON `lines`) → the paths it names, or the first problem. */
export function parseLocationImport(input: string | readonly string[]): ParsedImport {
  const lines = typeof input === "string" ? input.split(LINE_BREAK) : input.flatMap((l) => l.split(LINE_BREAK));
  const bytes = typeof input === "string" ? utf8Bytes(input) : input.reduce((n, l) => n + utf8Bytes(l) + 1, 0);
  if (bytes > MAX_LOCATION_IMPORT_BYTES) return { ok: false, line: null, message: IMPORT_TOO_LARGE, tooLarge: true };
  // A trailing line break is not a line of its own.
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === "") lines.pop();
  if (lines.length > MAX_LOCATION_IMPORT_LINES) {
    return { ok: false, line: null, message: IMPORT_TOO_MANY_LINES, tooLarge: true };
  }
  const entries: ImportEntry[] = [];
  for (const [index, raw] of lines.entries()) {
    if (raw.trim() === "") continue;
    const entry = parseLine(raw, index + 1);
    if ("message" in entry) return { ok: false, ...entry };
    entries.push(entry);
  }
  if (entries.length === 0) return { ok: false, line: null, message: IMPORT_EMPTY, tooLarge: false };
  return { ok: true, entries };
}

function parseLine(raw: string, line: number): ImportEntry | ImportProblem {
  const problem = (what: string): ImportProblem => ({ line, message: `Line ${line}: ${what}`, tooLarge: false });
  const semicolon = raw.lastIndexOf(";");
  const pathText = semicolon === -1 ? raw : raw.slice(0, semicolon);
  let code: string | null = null;
  if (semicolon !== -1) {
    const parsed = locationCode.safeParse(raw.slice(semicolon + 1));
    if (!parsed.success) return problem(firstMessage(parsed.error.issues));
    code = parsed.data;
  }
  const segments = pathText.split(LOCATION_PATH_SEPARATOR.trim());
  if (segments.length > MAX_LOCATION_DEPTH) {
    return problem(`a path can have at most ${MAX_LOCATION_DEPTH} levels`);
  }
  const names: string[] = [];
  for (const segment of segments) {
    if (segment.trim() === "") return problem("a level of the path is empty (two > in a row, or one at an end)");
    const parsed = locationName.safeParse(segment);
    if (!parsed.success) return problem(firstMessage(parsed.error.issues));
    names.push(parsed.data);
  }
  return { line, names, code };
}

const firstMessage = (issues: readonly { message: string }[]) => issues[0]?.message ?? "this line is not a path";

/** Case-insensitive sibling key: "Level 3" and "level 3" are the same location. */
export const siblingKey = (name: string): string => name.normalize("NFC").toLocaleLowerCase("en-GB");
