// Offline, the search box searches what the query cache holds: the reports and projects screens
// have fetched (the persisted cache brings them back after a reload). Matching is the server's —
// every word as the start of a word of the same fields, folded (shared/global-search.ts) — so a
// result found offline is one the server would answer too; what was never fetched is not found.

import type { Project } from "@sitesnag/shared/projects";
import { matchesSearchTokens, type SearchResultShape as SearchResult } from "@sitesnag/shared/search-words";
import type { Report } from "@sitesnag/shared/snagging";
import type { QueryClient } from "@tanstack/react-query";

const SUMMARY = 120;
const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(" · ");
const summary = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SUMMARY ? `${flat.slice(0, SUMMARY - 1)}…` : flat;
};

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => typeof v === "object" && v !== null && !Array.isArray(v);

/** The rows of a cached answer: one object, a list, a page `{items}` or an infinite query's pages. */
function rowsOf(data: unknown): Row[] {
  if (Array.isArray(data)) return data.filter(isRow);
  if (!isRow(data)) return [];
  if (Array.isArray(data.pages)) return data.pages.flatMap(rowsOf);
  if (Array.isArray(data.items)) return rowsOf(data.items);
  return [data];
}

const isReport = (r: Row): r is Row & Report =>
  typeof r.id === "string" && typeof r.title === "string" && typeof r.description === "string" && "projectId" in r;
const isProject = (r: Row): r is Row & Project =>
  typeof r.id === "string" && typeof r.name === "string" && "clientName" in r;

export function searchCachedLists(client: QueryClient, tokens: readonly string[], limit: number): SearchResult[] {
  if (tokens.length === 0) return [];
  const reports = new Map<string, SearchResult>();
  const projects = new Map<string, SearchResult>();
  for (const query of client.getQueryCache().getAll()) {
    const root = query.queryKey[0];
    if (root !== "snagging" && root !== "projects") continue;
    for (const row of rowsOf(query.state.data)) {
      if (root === "snagging" && isReport(row) && !reports.has(row.id)) {
        const text = [row.title, row.description, row.locationPath ?? "", row.category].join("\n");
        if (!matchesSearchTokens(text, tokens)) continue;
        reports.set(row.id, {
          kind: "report",
          id: row.id,
          title: row.title,
          subtitle: line(summary(row.description), row.locationPath ?? row.projectName),
          url: `/app/snagging/${row.id}`,
        });
      } else if (root === "projects" && isProject(row) && !projects.has(row.id)) {
        const text = [row.name, row.description, row.location, row.clientName].join("\n");
        if (!matchesSearchTokens(text, tokens)) continue;
        projects.set(row.id, {
          kind: "project",
          id: row.id,
          title: row.name,
          subtitle: line(row.clientName, row.location),
          url: `/app/projects/${row.id}`,
        });
      }
    }
  }
  return [...projects.values(), ...reports.values()].slice(0, limit);
}
