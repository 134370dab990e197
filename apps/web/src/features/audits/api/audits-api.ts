// Audits live in this browser only: these hooks read and write local storage, never the network,
// so they run offline too (networkMode "always"; TanStack Query would otherwise pause them).
import type { NewAuditValues } from "@sitesnag/shared/audits";
import { useMutation, useQuery } from "@tanstack/react-query";
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
    }: {
      owner: AuditOwner;
      project: AuditProject;
      input: NewAuditValues;
    }) => (await loadAuditStore()).auditRepository.create(owner, project, input),
  });
