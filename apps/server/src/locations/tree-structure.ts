// A project's locations serialised once per structure version (migration 0057, decision 0089), so
// the first tree read after a report's change reads the counts only and splices them in: each
// location's JSON is kept up to its counts, byte for byte what JSON.stringify makes of the answer.
// The version is the one read in the same statement as the rows (findTreeStructure), so an entry
// can never hold locations older or newer than its version. Per instance, the latest version of
// each project, least recently used out first past MAX_BYTES.
import { presentLocation } from "./locations.presenter";
import type { LocationCount, TreeRow } from "./locations.repository";
import { depthFirst } from "./locations.tree";

const MAX_BYTES = 32 * 1024 * 1024;
/** What JSON.stringify writes after `"open":` for a location with no report. */
const COUNTS_TAIL = '0,"total":0}}';
const OPENING = '{"locations":[';
const TOTAL = Buffer.from(',"total":');
const COMMA = 0x2c;
const BRACE = 0x7d;

export class TreeStructure {
  /**
   * Each location's JSON up to its open count, depth-first, as UTF-8 in one buffer: location i is
   * `heads[ends[i-1]…ends[i]]`. An answer copies these bytes and writes the counts between them
   * (decision 0092: no 1.3 MB string to build, flatten and encode again before compressing).
   */
  private readonly heads: Buffer;
  private readonly ends: Int32Array;
  /** Each location's index, and its parent's (-1 at the top). */
  private readonly indexOf = new Map<string, number>();
  private readonly parents: Int32Array;
  readonly bytes: number;

  constructor(
    readonly version: number,
    rows: readonly TreeRow[],
  ) {
    const ordered = depthFirst(rows);
    const heads = ordered.map(({ row, order }) => {
      const json = JSON.stringify(presentLocation(row, order, undefined));
      if (!json.endsWith(COUNTS_TAIL)) throw new Error("A location's answer no longer ends with its counts");
      return json.slice(0, -COUNTS_TAIL.length);
    });
    this.heads = Buffer.from(heads.join(""));
    this.ends = new Int32Array(heads.length);
    let end = 0;
    for (const [i, head] of heads.entries()) {
      end += Buffer.byteLength(head);
      this.ends[i] = end;
    }
    for (const [i, { row }] of ordered.entries()) this.indexOf.set(row.id, i);
    this.parents = Int32Array.from(ordered, ({ row }) =>
      row.parent_id ? (this.indexOf.get(row.parent_id) ?? -1) : -1,
    );
    this.bytes = this.heads.length + heads.length * 64;
  }

  /**
   * The answer `{locations:[…]}` with `counts` (per location, not under it) rolled up to every
   * location above; a count of a location not in this structure counts nowhere.
   */
  answer(counts: readonly LocationCount[]): Buffer {
    const n = this.ends.length;
    const open = new Float64Array(n);
    const total = new Float64Array(n);
    for (const c of counts) {
      let i = this.indexOf.get(c.location_id) ?? -1;
      while (i >= 0) {
        open[i] = (open[i] ?? 0) + c.open;
        total[i] = (total[i] ?? 0) + c.total;
        i = this.parents[i] ?? -1;
      }
    }
    // The heads, and per location at most `,` + two counts of up to 16 digits + `,"total":` + `}}`.
    const out = Buffer.allocUnsafe(OPENING.length + this.heads.length + n * (1 + 32 + TOTAL.length + 2) + 2);
    let at = out.write(OPENING, 0, "latin1");
    let start = 0;
    for (let i = 0; i < n; i++) {
      if (i > 0) out[at++] = COMMA;
      const end = this.ends[i] ?? start;
      at += this.heads.copy(out, at, start, end);
      start = end;
      at = writeCount(out, at, open[i] ?? 0);
      for (let k = 0; k < TOTAL.length; k++) out[at++] = TOTAL[k] ?? 0;
      at = writeCount(out, at, total[i] ?? 0);
      out[at++] = BRACE;
      out[at++] = BRACE;
    }
    at += out.write("]}", at, "latin1");
    return out.subarray(0, at);
  }
}

/** Writes a count (a whole number ≥ 0) in decimal at `at`, as JSON.stringify does; the end. */
function writeCount(out: Buffer, at: number, n: number): number {
  if (n < 10) {
    out[at] = 0x30 + n;
    return at + 1;
  }
  if (!Number.isSafeInteger(n)) return at + out.write(String(n), at, "latin1");
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let k = digits - 1, rest = n; k >= 0; k--, rest = Math.floor(rest / 10)) out[at + k] = 0x30 + (rest % 10);
  return at + digits;
}

/** The latest structure kept of each project, by project id. */
export class StructureCache {
  private readonly entries = new Map<string, TreeStructure>();
  private total = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** The project's structure of exactly `version`, if kept. */
  get(projectId: string, version: number): TreeStructure | undefined {
    const entry = this.entries.get(projectId);
    if (entry?.version !== version) return undefined;
    this.entries.delete(projectId);
    this.entries.set(projectId, entry);
    return entry;
  }

  /** Keeps `structure` unless a later version of the project is kept already. */
  set(projectId: string, structure: TreeStructure): void {
    const kept = this.entries.get(projectId);
    if (kept && kept.version >= structure.version) return;
    if (kept) {
      this.entries.delete(projectId);
      this.total -= kept.bytes;
    }
    this.entries.set(projectId, structure);
    this.total += structure.bytes;
    for (const [key, oldest] of this.entries) {
      if (this.total <= this.maxBytes) break;
      if (key === projectId) continue;
      this.entries.delete(key);
      this.total -= oldest.bytes;
    }
  }
}
