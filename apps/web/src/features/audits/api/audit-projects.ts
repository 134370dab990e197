import type { Project } from "@sitesnag/shared/projects";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { AuditProject } from "../storage/audit-repository";
import { loadedAuditStore } from "./audit-store";

export type ProjectChoices = { projects: AuditProject[]; isFromEarlierAudits: boolean };

/**
 * Projects to audit: the workspace's projects from the API (same query key as the projects
 * screen, so they share one cache). With no network and nothing cached, the projects of this
 * user's earlier audits are offered instead, so an audit can still be started on site.
 */
export const useAuditProjects = () =>
  useQuery({
    queryKey: ["projects"],
    queryFn: async () => (await api<{ projects: Project[] }>("/projects")).projects,
    select: (projects): ProjectChoices => ({
      projects: projects.map((p) => ({ id: p.id, name: p.name, location: p.location })),
      isFromEarlierAudits: false,
    }),
    retry: false,
    // Try even when the browser says offline: the service worker may answer from its cache, and a
    // failure falls back to earlier audits' projects instead of waiting for a network forever.
    networkMode: "offlineFirst",
  });

export function projectsFromEarlierAudits(userId: string): AuditProject[] {
  const seen = new Map<string, AuditProject>();
  // Shown only after the projects request failed, by which time the audit list has loaded the store.
  for (const s of loadedAuditStore()?.auditRepository.list(userId) ?? []) {
    if (s.projectId && !seen.has(s.projectId))
      seen.set(s.projectId, { id: s.projectId, name: s.projectName, location: "" });
  }
  return [...seen.values()];
}
