// Drawings: query definitions (shared with the router's prefetching loaders) and the hooks of the
// Plans tab and the plan viewer. Keys sit under "projects" and "snagging", so the persisted query
// cache keeps them for offline reading and every write's invalidation refreshes them.
import type { Sheet } from "@sitesnag/shared/sheets";
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const sheetKeys = {
  list: (projectId: string) => ["projects", projectId, "sheets"] as const,
  detail: (id: string) => ["projects", "sheet", id] as const,
  // Under "snagging" so every report write (create, status, pin moved) refreshes the pins.
  pins: (projectId: string) => ["snagging", { projectId }, "pins"] as const,
};

const isProcessing = (sheets: readonly Pick<Sheet, "status">[] | undefined) =>
  sheets?.some((s) => s.status === "processing") ?? false;

export const projectSheetsQuery = (projectId: string) => ({
  queryKey: sheetKeys.list(projectId),
  queryFn: async () => (await api<{ sheets: Sheet[] }>(`/projects/${encodeURIComponent(projectId)}/sheets`)).sheets,
});

export const sheetQuery = (id: string) => ({
  queryKey: sheetKeys.detail(id),
  queryFn: async () => (await api<{ sheet: Sheet }>(`/sheets/${encodeURIComponent(id)}`)).sheet,
});

/** Every report of the project (the unpaged list, up to the server's cap): the viewer picks its sheet's pins. */
export const projectPinsQuery = (projectId: string) => ({
  queryKey: sheetKeys.pins(projectId),
  queryFn: async () =>
    (await api<{ reports: Report[] }>(`/snagging?projectId=${encodeURIComponent(projectId)}`)).reports,
});

/** Sheets of a project; polled every 2 s while any is still being drawn. */
export const useProjectSheets = (projectId: string) =>
  useQuery({
    ...projectSheetsQuery(projectId),
    refetchInterval: (query) => (isProcessing(query.state.data) ? 2000 : false),
  });

export const useSheet = (id: string) =>
  useQuery({
    ...sheetQuery(id),
    refetchInterval: (query) => (query.state.data?.status === "processing" ? 2000 : false),
  });

/** Asked again each time a plan opens: pins are what the plan is for (a restored copy shows meanwhile). */
export const useProjectPins = (projectId: string) =>
  useQuery({ ...projectPinsQuery(projectId), refetchOnMount: "always" });

const fileForm = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.set(name, value);
  form.set("file", file, file.name);
  return form;
};

export const useUploadSheets = (projectId: string) =>
  useMutation({
    mutationFn: async (input: { file: File; level?: string }) =>
      (
        await api<{ sheets: Sheet[] }>(`/projects/${encodeURIComponent(projectId)}/sheets`, {
          method: "POST",
          body: fileForm(input.file, { level: input.level ?? "" }),
        })
      ).sheets,
  });

export const useUploadRevision = (sheetId: string) =>
  useMutation({
    mutationFn: async (input: { file: File; page?: number }) =>
      (
        await api<{ sheet: Sheet }>(`/sheets/${encodeURIComponent(sheetId)}/revisions`, {
          method: "POST",
          body: fileForm(input.file, { page: input.page ? String(input.page) : "" }),
        })
      ).sheet,
  });

export const useEditSheet = (sheetId: string) =>
  useMutation({
    mutationFn: async (input: { name?: string; level?: string }) =>
      (await api<{ sheet: Sheet }>(`/sheets/${encodeURIComponent(sheetId)}`, { method: "PATCH", body: input })).sheet,
  });

export const useDeleteSheet = (sheetId: string) =>
  useMutation({
    mutationFn: () => api<void>(`/sheets/${encodeURIComponent(sheetId)}`, { method: "DELETE" }),
  });
