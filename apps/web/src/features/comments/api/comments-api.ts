// The report's comments (issue 23): one infinite query, newest first, and the writes. Every write
// refetches the screens (app/query-client.ts), the history included.
import type { Comment } from "@sitesnag/shared/comments";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { pagedListQuery } from "../../../lib/paged-list";
import { toast } from "../../../lib/toast";

export const commentsQuery = (reportId: string) =>
  pagedListQuery<Comment>({
    queryKey: ["snagging", "comments", reportId],
    path: `/snagging/${encodeURIComponent(reportId)}/comments`,
    field: "comments",
    limit: 20,
  });

export type Member = { id: string; firstName: string; lastName: string };

/** The workspace's members to mention (the same query, and cache, as the assignee picker's). */
export const useMentionable = () =>
  useQuery({
    queryKey: ["users", { scope: "workspace" }],
    queryFn: async () => (await api<{ users: Member[] }>("/users?scope=workspace")).users,
    staleTime: 5 * 60_000,
  });

export type NewComment = { body: string; mentions: string[]; photos: File[] };

export const usePostComment = (reportId: string) =>
  useMutation({
    mutationFn: async ({ body, mentions, photos }: NewComment) => {
      const path = `/snagging/${encodeURIComponent(reportId)}/comments`;
      if (photos.length === 0) return api<{ comment: Comment }>(path, { method: "POST", body: { body, mentions } });
      const form = new FormData();
      form.set("body", body);
      if (mentions.length > 0) form.set("mentions", mentions.join(","));
      // Through the app's one compressor, as the snag form's photos are.
      const { compressPhotoFile } = await import("../../../lib/photo-compress/compress-image");
      for (const p of await Promise.all(photos.map((photo) => compressPhotoFile(photo))))
        form.append("images", p, p.name);
      return api<{ comment: Comment }>(path, { method: "POST", body: form });
    },
  });

export const useEditComment = () =>
  useMutation({
    mutationFn: ({ id, body, mentions }: { id: string; body: string; mentions: string[] }) =>
      api<{ comment: Comment }>(`/comments/${encodeURIComponent(id)}`, { method: "PATCH", body: { body, mentions } }),
  });

/** Its toast is the mutation's own: the comment (and its item) is gone once the list has refetched. */
export const useDeleteComment = () =>
  useMutation({
    onSuccess: () => toast.success("Comment deleted"),
    mutationFn: (id: string) => api<void>(`/comments/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });
