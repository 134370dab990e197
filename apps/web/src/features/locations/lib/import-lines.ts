// The bulk entry's preview: the pasted text read the way the server's import reads it (one path a
// line, " > " between levels, an optional ";code" at the end; blank lines skipped). The server
// stays the judge — it names a bad line by its number and creates nothing — this only shows what
// will be sent, and which lines already look wrong, before anything is.

import { MAX_LOCATION_DEPTH } from "./location-tree";

export type ImportLine =
  | { line: number; names: string[]; code: string | null; problem: null }
  | { line: number; names: string[]; code: string | null; problem: "empty-segment" | "too-deep" | "too-long" };

export const MAX_NAME_LENGTH = 120;

export function readImportLines(text: string): ImportLine[] {
  const out: ImportLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === "") return;
    const semicolon = raw.lastIndexOf(";");
    const pathPart = semicolon === -1 ? raw : raw.slice(0, semicolon);
    const code = semicolon === -1 ? null : raw.slice(semicolon + 1).trim() || null;
    const names = pathPart.split(">").map((s) => s.trim());
    const line = index + 1;
    const problem = names.some((n) => n === "")
      ? "empty-segment"
      : names.length > MAX_LOCATION_DEPTH
        ? "too-deep"
        : names.some((n) => n.length > MAX_NAME_LENGTH)
          ? "too-long"
          : null;
    out.push({ line, names, code, problem } as ImportLine);
  });
  return out;
}
