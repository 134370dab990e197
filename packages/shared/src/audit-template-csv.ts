// A template from a CSV file (issue 25, decision 0028): a header row naming the columns section,
// question, guidance and answer set (any order, any case; unit and weight optional), then one row
// per question. Rows of one section may be anywhere; sections keep the order they first appear in.
// Every problem is reported with its row number (the header is row 1), and nothing is made unless
// the whole file is right.
import type { AnswerSet, TemplateItemInput } from "./audit-templates";
import { MAX_TEMPLATE_ITEMS } from "./audit-templates";

export type CsvTemplate = { sections: { title: string; items: TemplateItemInput[] }[] };
export type CsvResult = { ok: true; template: CsvTemplate } | { ok: false; errors: string[] };

const REQUIRED = ["section", "question", "guidance", "answer set"] as const;
const MAX_ERRORS = 20;

/** Where a quoted cell opened and never closed: its row (the header is row 1) and line in the file. */
export type UnclosedQuote = { row: number; line: number };

/**
 * RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks. A quote that is never
 * closed would make the rest of the file one cell; it is reported instead (`unclosed`).
 */
export function readCsv(text: string): { rows: string[][]; unclosed: UnclosedQuote | undefined } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let opened: UnclosedQuote | undefined;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (ch === "\n" || (ch === "\r" && input[i + 1] !== "\n")) line += 1;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") {
      quoted = true;
      opened = { row: rows.length + 1, line };
    } else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && input[i + 1] === "\n") {
        i += 1;
        line += 1;
      }
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return { rows, unclosed: quoted ? opened : undefined };
}

export const parseCsv = (text: string): string[][] => readCsv(text).rows;

const header = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^answerset$/, "answer set");

/** "Yes/No/N/A", "yes-no", "C/I/NC/N/A", "number", "Text" … → the answer set, or undefined. */
export function answerSetFromCell(cell: string): AnswerSet | undefined {
  const v = cell.trim().toLowerCase().replace(/\s+/g, "");
  if (["c/i/nc/n/a", "cinna", "c/i/nc/na", "standard", "compliance", ""].includes(v)) return "cinna";
  if (["yes/no/n/a", "yes/no", "yesno", "yes/no/na", "yes-no"].includes(v)) return "yesno";
  if (["number", "numeric", "number(unit)", "numberwithunit"].includes(v)) return "number";
  if (["text", "freetext", "free text"].includes(v)) return "text";
  return undefined;
}

export function templateFromCsv(text: string): CsvResult {
  const { rows, unclosed } = readCsv(text);
  if (unclosed) {
    return {
      ok: false,
      errors: [
        `Row ${unclosed.row} (line ${unclosed.line}): a quoted cell starts here and its closing quote is missing, so the rest of the file would be one question. Add the closing quote (a quote inside a quoted cell is written twice)`,
      ],
    };
  }
  const first = rows[0];
  if (!first || first.every((c) => c.trim() === "")) {
    return { ok: false, errors: ["Row 1: the header row is missing (section, question, guidance, answer set)"] };
  }
  const columns = first.map(header);
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      errors: [`Row 1: the header is missing the column${missing.length === 1 ? "" : "s"} ${missing.join(", ")}`],
    };
  }
  const body = rows
    .map((cells, i) => ({ cells, row: i + 1 }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c.trim() !== ""));
  if (body.length === 0) return { ok: false, errors: ["The file has no question rows under its header"] };
  if (body.length > MAX_TEMPLATE_ITEMS) {
    return {
      ok: false,
      errors: [`A template can have at most ${MAX_TEMPLATE_ITEMS} questions; this file has ${body.length} rows`],
    };
  }
  const at = (cells: string[], name: string) => (cells[columns.indexOf(name)] ?? "").trim();
  const errors: string[] = [];
  const sections = new Map<string, TemplateItemInput[]>();
  const seen = new Map<string, number>();
  for (const { cells, row } of body) {
    const section = at(cells, "section");
    const question = at(cells, "question");
    const setCell = at(cells, "answer set");
    const answerSet = answerSetFromCell(setCell);
    const problems: string[] = [];
    if (cells.length > columns.length)
      problems.push(`has ${cells.length} cells but the header names ${columns.length}`);
    if (section === "") problems.push("the section is empty");
    if (section.length > 200) problems.push("the section is longer than 200 characters");
    if (question === "") problems.push("the question is empty");
    if (question.length > 500) problems.push("the question is longer than 500 characters");
    if (at(cells, "guidance").length > 2000) problems.push("the guidance is longer than 2000 characters");
    if (!answerSet) {
      problems.push(`the answer set "${setCell.slice(0, 40)}" is not one of C/I/NC/N/A, Yes/No/N/A, Number, Text`);
    }
    const weightCell = columns.includes("weight") ? at(cells, "weight") : "";
    const weight = weightCell === "" ? 1 : Number(weightCell);
    if (!Number.isInteger(weight) || weight < 0 || weight > 10)
      problems.push("the weight is not a whole number from 0 to 10");
    const key = question.replace(/\s+/g, " ").toLowerCase();
    if (question !== "" && seen.has(key)) problems.push(`the question repeats row ${seen.get(key)}`);
    if (question !== "" && !seen.has(key)) seen.set(key, row);
    if (problems.length > 0 || !answerSet) {
      if (errors.length < MAX_ERRORS) errors.push(`Row ${row}: ${problems.join("; ")}`);
      continue;
    }
    const items = sections.get(section) ?? [];
    items.push({
      question,
      guidance: at(cells, "guidance"),
      answerSet,
      unit: columns.includes("unit") ? at(cells, "unit").slice(0, 20) : "",
      weight,
    });
    sections.set(section, items);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, template: { sections: [...sections].map(([title, items]) => ({ title, items })) } };
}
