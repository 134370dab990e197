// Audits live in this browser only: these hooks read and write local storage, never the network,
// so they run offline too (networkMode "always"; TanStack Query would otherwise pause them).

import type { AuditTemplateRef } from "@sitesnag/shared/audit-template-model";
import type { AuditTemplateApi } from "@sitesnag/shared/audit-templates";
import type { NewAuditValues } from "@sitesnag/shared/audits";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { AuditOwner, AuditProject } from "../storage/audit-repository";
import { loadAuditStore } from "./audit-store";

export const auditKeys = {
  list: (userId: string) => ["audits", userId] as const,
  detail: (id: string) => ["audits", "detail", id] as const,
};

export const useAudits = (userId: string) =>
  useQuery({
    queryKey: auditKeys.list(userId),
    queryFn: async () => (await loadAuditStore()).auditRepository.list(userId),
    networkMode: "always",
    staleTime: 0,
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
