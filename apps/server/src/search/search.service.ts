// GET /api/search: the caller's workspace only (every member sees every project, as the list
// routes answer them), best first; a report whose reference is typed exactly comes before all.
import type { SearchQuery, SearchResponse, SearchResult } from "@sitesnag/shared/global-search";
import { type SearchKind, searchTokens } from "@sitesnag/shared/global-search";
import { REFERENCE_PATTERN } from "@sitesnag/shared/reference";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import {
  presentAudit,
  presentContact,
  presentMember,
  presentProject,
  presentReport,
  presentSheet,
} from "./search.presenter";
import {
  findAuditRows,
  findContactRows,
  findMemberRows,
  findProjectRows,
  findReportIdByReference,
  findReportIdsByInfix,
  findReportRows,
  findSearchHits,
  findSheetRows,
  type SearchHit,
} from "./search.repository";

type Db = AppContext["db"];
const MIN_INFIX = 3;
type Loader = (db: Db, workspaceId: string, ids: string[]) => Promise<SearchResult[]>;

const LOADERS: Record<SearchKind, Loader> = {
  report: async (db, ws, ids) => (await findReportRows(db, ws, ids)).map(presentReport),
  project: async (db, ws, ids) => (await findProjectRows(db, ws, ids)).map(presentProject),
  audit: async (db, ws, ids) => (await findAuditRows(db, ws, ids)).map(presentAudit),
  sheet: async (db, ws, ids) => (await findSheetRows(db, ws, ids)).map(presentSheet),
  contact: async (db, ws, ids) => (await findContactRows(db, ws, ids)).map(presentContact),
  member: async (db, ws, ids) => (await findMemberRows(db, ws, ids)).map(presentMember),
};

export async function searchWorkspace(ctx: AppContext, user: UserRow, query: SearchQuery): Promise<SearchResponse> {
  const tokens = searchTokens(query.q);
  if (tokens.length === 0) return { results: [] };
  const reference = query.q.trim().toUpperCase();
  const [exact, ranked] = await Promise.all([
    REFERENCE_PATTERN.test(reference) ? findReportIdByReference(ctx.db, user.workspace_id, reference) : undefined,
    findSearchHits(ctx.db, user.workspace_id, tokens, query.limit),
  ]);
  let hits: SearchHit[] = exact
    ? [{ kind: "report" as const, id: exact }, ...ranked.filter((h) => h.id !== exact)].slice(0, query.limit)
    : ranked;
  // Room left and words a trigram can serve (3 characters or more): reports holding the words
  // inside a word of their reference or description come after the ranked ones.
  if (hits.length < query.limit && tokens.every((t) => t.length >= MIN_INFIX)) {
    const more = await findReportIdsByInfix(
      ctx.db,
      user.workspace_id,
      tokens,
      hits.filter((h) => h.kind === "report").map((h) => h.id),
      query.limit - hits.length,
    );
    hits = [...hits, ...more.map((id) => ({ kind: "report" as const, id }))];
  }
  const ids = new Map<SearchKind, string[]>();
  for (const hit of hits) ids.set(hit.kind, [...(ids.get(hit.kind) ?? []), hit.id]);
  const loaded = await Promise.all([...ids].map(([kind, list]) => LOADERS[kind](ctx.db, user.workspace_id, list)));
  const byId = new Map(loaded.flat().map((r) => [`${r.kind}:${r.id}`, r]));
  // In the index's order; an item deleted between the two reads is simply left out.
  return { results: hits.flatMap((h) => byId.get(`${h.kind}:${h.id}`) ?? []) };
}
