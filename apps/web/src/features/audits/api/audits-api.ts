// The audits page's data: this device's copies (local storage, so they run offline: networkMode
// "always") and the workspace's audits from GET /api/audits, paged and filtered. The two merge in
// sync/audit-list.ts.

import type { AuditTemplateRef } from "@sitesnag/shared/audit-template-model";
import type { AuditTemplateApi } from "@sitesnag/shared/audit-templates";
import type { NewAuditValues } from "@sitesnag/shared/audits";
import type { AuditApi, AuditSummaryApi } from "@sitesnag/shared/audits-api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { usePagedList } from "../../../lib/paged-list";
import type { AuditOwner, AuditProject } from "../storage/audit-repository";
import type { LocalAudit } from "../sync/audit-list";
import { loadAuditStore } from "./audit-store";

export const auditKeys = {
  list: (userId: string) => ["audits", userId] as const,
  server: (filters: { projectId?: string | undefined; status?: string | undefined }) =>
    ["audits", "server", filters] as const,
  detail: (id: string) => ["audits", "detail", id] as const,
};

export const useAudits = (userId: string) =>
  useQuery({
    queryKey: auditKeys.list(userId),
    queryFn: async (): Promise<{ local: LocalAudit[]; deleted: string[] }> => {
      const { auditRepository } = await loadAuditStore();
      const all = await auditRepository.syncRecords(userId);
      const records = new Map(all.map((r) => [r.auditId, r]));
      return {
        local: auditRepository.list(userId).map((summary) => ({ summary, sync: records.get(summary.id) })),
        // Deleted here, the server not told yet: not listed from the server either (by its server
        // id, or by this device's id for it when the upload's answer was lost).
        deleted: all.flatMap((r) => (r.deleted ? [r.serverId ?? r.auditId] : [])),
      };
    },
    networkMode: "always",
    staleTime: 0,
  });

/** The workspace's audits, 50 a page (Load more), filtered by the server. */
export const useServerAudits = (filters: { projectId?: string | undefined; status?: string | undefined }) =>
  usePagedList<AuditSummaryApi>({
    queryKey: auditKeys.server(filters),
    path: "/audits",
    field: "audits",
    params: { projectId: filters.projectId, status: filters.status },
    keepPrevious: true,
  });

export const useServerAudit = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.detail(id),
    queryFn: async () => (await api<{ audit: AuditApi }>(`/audits/${encodeURIComponent(id)}`)).audit,
    enabled,
    retry: false,
  });

export const useCreateAudit = () =>
  useMutation({
    networkMode: "always",
    mutationFn: async ({
      owner,
      project,
      input,
      template,
    }: {
      owner: AuditOwner;
      project: AuditProject;
      input: NewAuditValues;
      /** A custom template (decision 0028); the standard one when absent. */
      template?: AuditTemplateRef | undefined;
    }) => (await loadAuditStore()).auditRepository.create(owner, project, input, template),
  });

/** A custom template at its current version, fetched when an audit is started with it (decision 0028). */
export async function templateForAudit(id: string): Promise<AuditTemplateRef> {
  const { template } = await api<{ template: AuditTemplateApi }>(`/audit-templates/${encodeURIComponent(id)}`);
  return { id: template.id, name: template.name, version: template.version, sections: template.sections };
}
