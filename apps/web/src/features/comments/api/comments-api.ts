// The report's comments (issue 23): one infinite query, newest first, and the writes. Every write
// refetches the screens (app/query-client.ts), the history included.
import type { Comment } from "@sitesnag/shared/comments";
import { useMutation, useQuery } from "@tanstack/react-query";
import { translate } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";
import { api } from "../../../lib/api-client";
import { isNoAnswer } from "../../../lib/network-error";
import { pagedListQuery } from "../../../lib/paged-list";
import { toast } from "../../../lib/toast";
import { useAuthStore } from "../../../stores/auth-store";

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
/** `queued`: no network, so the write waits in the outbox and is sent, once, on reconnect. */
export type CommentOutcome = { queued: boolean };

/** No answer at all (fetch's TypeError, a photo upload's NetworkError): the network is gone. */
const noNetwork = isNoAnswer;

const queue = async (...args: Parameters<typeof import("../../../offline/outbox").queueCommentChange>) => {
  const { queueCommentChange } = await import("../../../offline/outbox");
  await queueCommentChange(...args);
  return { queued: true };
};

const signedInUser = () => {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new Error("Sign in again to write comments.");
  return userId;
};

/**
 * Posts a comment, or queues it with no network (decision 0032). The POST carries an
 * Idempotency-Key that the queued comment reuses as its tempId, so a POST whose answer was lost
 * and which is then sent from the outbox is applied once.
 */
export const usePostComment = (reportId: string) =>
  useMutation({
    networkMode: "always",
    mutationFn: async ({ body, mentions, photos: chosen }: NewComment): Promise<CommentOutcome> => {
      const userId = signedInUser();
      // Through the app's one compressor, as the snag form's photos are (queued or sent). Loaded
      // with the form (comment-form.tsx); not asked for without photos, so a text comment never
      // waits on it (issue 33: offline on a first visit it may not be in).
      const photos =
        chosen.length === 0
          ? []
          : await import("../../../lib/photo-compress/compress-image").then(({ compressPhotoFile }) =>
              Promise.all(chosen.map((photo) => compressPhotoFile(photo))),
            );
      const key = crypto.randomUUID();
      const queued = () =>
        queue(
          userId,
          "comment_add",
          { reportId, body, mentions },
          photos.map((p) => ({ blob: p, name: p.name })),
          key,
        );
      if (!navigator.onLine) return queued();
      const path = `/snagging/${encodeURIComponent(reportId)}/comments`;
      const headers = { "Idempotency-Key": key };
      const send = async () => {
        const byHash = photos.length > 0 ? await import("../../../offline/photos-by-hash") : null;
        if (photos.length === 0) {
          await api<{ comment: Comment }>(path, { method: "POST", body: { body, mentions }, headers });
        } else if (byHash?.canSendByHash()) {
          // Each photo alone and resumably, then the comment in one small JSON request naming them.
          await byHash.sendWithPhotosByHash(
            photos.map((p) => ({ blob: p, name: p.name })),
            (references) =>
              api<{ comment: Comment }>(path, { method: "POST", body: { body, mentions, ...references }, headers }),
          );
        } else {
          const form = new FormData();
          form.set("body", body);
          if (mentions.length > 0) form.set("mentions", mentions.join(","));
          for (const p of photos) form.append("images", p, p.name);
          await api<{ comment: Comment }>(path, { method: "POST", body: form, headers });
        }
      };
      try {
        await send();
        return { queued: false };
      } catch (err) {
        if (!noNetwork(err)) throw err;
      }
      // The answer was lost (the comment may be on the server already): sent once more at once
      // under the same key, which the server answers with the first answer, so it shows once and
      // never also as pending. Queued only when that gets no answer either.
      if (navigator.onLine) {
        try {
          await send();
          return { queued: false };
        } catch (err) {
          if (!noNetwork(err)) throw err;
        }
      }
      return queued();
    },
  });

export type CommentEdit = { id: string; reportId: string; body: string; mentions: string[] };

/**
 * Edits one's comment; with no network the edit is queued and shown as pending (under the
 * PATCH's Idempotency-Key, so an edit whose answer was lost is not recorded twice).
 */
export const useEditComment = () =>
  useMutation({
    networkMode: "always",
    mutationFn: async ({ id, reportId, body, mentions }: CommentEdit): Promise<CommentOutcome> => {
      const userId = signedInUser();
      const key = crypto.randomUUID();
      const queued = () => queue(userId, "comment_edit", { reportId, commentId: id, body, mentions }, [], key);
      if (!navigator.onLine) return queued();
      try {
        await api<{ comment: Comment }>(`/comments/${encodeURIComponent(id)}`, {
          method: "PATCH",
          body: { body, mentions },
          headers: { "Idempotency-Key": key },
        });
        return { queued: false };
      } catch (err) {
        if (noNetwork(err)) return queued();
        throw err;
      }
    },
  });

/** Its toast is the mutation's own: the comment (and its item) is gone once the list has refetched. */
export const useDeleteComment = () =>
  useMutation({
    networkMode: "always",
    onSuccess: ({ queued }: CommentOutcome) =>
      queued
        ? toast.info(translate(msg("snagging.comments.deleteQueued")))
        : toast.success(translate(msg("snagging.comments.deleted"))),
    mutationFn: async ({ id, reportId }: { id: string; reportId: string }): Promise<CommentOutcome> => {
      const userId = signedInUser();
      const key = crypto.randomUUID();
      const queued = () => queue(userId, "comment_delete", { reportId, commentId: id }, [], key);
      if (!navigator.onLine) return queued();
      try {
        await api<void>(`/comments/${encodeURIComponent(id)}`, {
          method: "DELETE",
          headers: { "Idempotency-Key": key },
        });
        return { queued: false };
      } catch (err) {
        if (noNetwork(err)) return queued();
        throw err;
      }
    },
  });
