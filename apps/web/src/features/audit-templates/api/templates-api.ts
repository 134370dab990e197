// The workspace's audit templates (decision 0028): members read them to start an audit; owners
// create, edit (a new version), archive and import them from a CSV file.
import type {
  AuditTemplateApi,
  AuditTemplateList,
  TemplateCreateInput,
  TemplatePatch,
} from "@sitesnag/shared/audit-templates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const templateKeys = {
  all: ["audit-templates"] as const,
  list: (archived: boolean) => ["audit-templates", "list", archived] as const,
  one: (id: string) => ["audit-templates", "one", id] as const,
};

export const useTemplates = (archived = false) =>
  useQuery({
    queryKey: templateKeys.list(archived),
    queryFn: async () =>
      (await api<AuditTemplateList>(`/audit-templates${archived ? "?archived=true" : ""}`)).templates,
  });

export const useTemplate = (id: string | undefined) =>
  useQuery({
    queryKey: templateKeys.one(id ?? ""),
    queryFn: async () =>
      (await api<{ template: AuditTemplateApi }>(`/audit-templates/${encodeURIComponent(id ?? "")}`)).template,
    enabled: Boolean(id),
  });

type Saved = { template: AuditTemplateApi };

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all });
}

export const useCreateTemplate = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TemplateCreateInput) => api<Saved>("/audit-templates", { method: "POST", body }),
    onSuccess: invalidate,
  });
};

export const useSaveTemplate = (id: string) => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TemplatePatch) =>
      api<Saved>(`/audit-templates/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    onSuccess: invalidate,
  });
};

export const useArchiveTemplate = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<Saved>(`/audit-templates/${encodeURIComponent(id)}/archive`, { method: "POST" }),
    onSuccess: invalidate,
  });
};

export const useImportTemplate = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string; csv: string; clientId: string }) =>
      api<Saved>("/audit-templates/import", { method: "POST", body }),
    onSuccess: invalidate,
  });
};
