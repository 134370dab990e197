// Index rows → the answer's results: what each is called, one line that tells it apart, and the
// app's path that opens it.
import { STANDARD_TEMPLATE } from "@sitesnag/shared/audit-templates";
import type { SearchResult } from "@sitesnag/shared/global-search";
import type {
  findAuditRows,
  findContactRows,
  findMemberRows,
  findProjectRows,
  findReportRows,
  findSheetRows,
} from "./search.repository";

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

const SUMMARY = 120;
const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(" · ");
const summary = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > SUMMARY ? `${flat.slice(0, SUMMARY - 1)}…` : flat;
};

export const presentReport = (r: Row<typeof findReportRows>): SearchResult => ({
  kind: "report",
  id: r.id,
  title: r.title,
  subtitle: line(summary(r.description), r.location_path ?? r.project_name),
  url: `/app/snagging/${r.id}`,
});

export const presentProject = (r: Row<typeof findProjectRows>): SearchResult => ({
  kind: "project",
  id: r.id,
  title: r.name,
  subtitle: line(r.client_name, r.location),
  url: `/app/projects/${r.id}`,
});

export const presentAudit = (r: Row<typeof findAuditRows>): SearchResult => ({
  kind: "audit",
  id: r.id,
  title: r.template_name ?? STANDARD_TEMPLATE.name,
  subtitle: line(r.project_name, r.auditor_name),
  url: `/app/audits/${r.id}`,
});

export const presentSheet = (r: Row<typeof findSheetRows>): SearchResult => ({
  kind: "sheet",
  id: r.id,
  title: r.name,
  subtitle: line(r.project_name, r.level),
  url: `/app/projects/${r.project_id}/sheets/${r.id}`,
});

export const presentContact = (r: Row<typeof findContactRows>): SearchResult => ({
  kind: "contact",
  id: r.id,
  title: r.name,
  subtitle: line(r.company, r.email),
  url: "/app/team",
});

export const presentMember = (r: Row<typeof findMemberRows>): SearchResult => ({
  kind: "member",
  id: r.id,
  title: `${r.first_name} ${r.last_name}`.trim() || r.email,
  subtitle: r.email,
  url: "/app/team",
});
