import type { ShareLink, ShareLinkCreated, ShareLinkCreateInput } from "@sitesnag/shared/sharing";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const shareLinkKeys = { project: (projectId: string) => ["share-links", projectId] as const };

export const useShareLinks = (projectId: string) =>
  useQuery({
    queryKey: shareLinkKeys.project(projectId),
    queryFn: async () =>
      (await api<{ shareLinks: ShareLink[] }>(`/projects/${encodeURIComponent(projectId)}/share-links`)).shareLinks,
  });

export const useCreateShareLink = (projectId: string) =>
  useMutation({
    mutationFn: (body: ShareLinkCreateInput) =>
      api<ShareLinkCreated>(`/projects/${encodeURIComponent(projectId)}/share-links`, { method: "POST", body }),
  });

export const useRevokeShareLink = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/share-links/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
