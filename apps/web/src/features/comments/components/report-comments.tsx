// A report's comments (issue 23): newest first; the author may edit or delete theirs (after a
// confirmation); photos open full size.
import type { Comment } from "@sitesnag/shared/comments";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { LoadMore } from "../../../components/load-more";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useAuthStore } from "../../../stores/auth-store";
import { commentsQuery, useDeleteComment, useEditComment } from "../api/comments-api";
import { CommentForm } from "./comment-form";

function CommentItem({ comment: c, isMine }: { comment: Comment; isMine: boolean }) {
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [text, setText] = useState(c.body);
  const edit = useEditComment();
  const remove = useDeleteComment();
  const editId = useId();
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0">
      <p className="text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{c.authorName}</span> · {formatDateTime(c.createdAt)}
        {c.editedAt !== null && " · edited"}
      </p>
      {isEditing ? (
        <form
          className="mt-1 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim() === "") return toast.error("Write a comment");
            edit.mutate(
              { id: c.id, body: text.trim(), mentions: [] },
              {
                onSuccess: () => setEditing(false),
                onError: (err) => toast.error(errorMessage(err, "Failed to edit the comment")),
              },
            );
          }}
        >
          <label htmlFor={editId} className="sr-only">
            Edit comment
          </label>
          <textarea
            id={editId}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
          />
          <div className="flex gap-2">
            <Button type="submit" isLoading={edit.isPending}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{c.body}</p>
      )}
      {c.photos.length > 0 && (
        <ul aria-label="Comment photos" className="mt-2 flex flex-wrap gap-2">
          {c.photos.map((p) => (
            <li key={p.id}>
              <a href={p.file_path} target="_blank" rel="noreferrer">
                <img
                  src={p.thumbnail_path ?? p.file_path}
                  alt={p.original_name}
                  className="size-20 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {isMine && !isEditing && (
        <div className="mt-1 flex gap-1">
          <Button variant="ghost" className="min-h-11 px-2 text-xs" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button variant="ghost" className="min-h-11 px-2 text-xs" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Delete comment?"
        message="Are you sure you want to delete this comment? The report's history keeps that it was deleted."
        confirmLabel="Delete comment"
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(c.id, {
            onError: (err) => {
              setConfirming(false);
              toast.error(errorMessage(err, "Failed to delete the comment"));
            },
          })
        }
      />
    </li>
  );
}

export function ReportComments({ reportId }: { reportId: string }) {
  const query = useInfiniteQuery(commentsQuery(reportId));
  const userId = useAuthStore((s) => s.user?.id);
  const comments = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="report-comments" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-comments" className="mb-3 text-sm font-semibold text-slate-900">
        Comments
      </h2>
      <CommentForm reportId={reportId} currentUserId={userId} />
      {query.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-500">
          Loading comments…
        </p>
      ) : query.isError && comments.length === 0 ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Failed to load comments.
        </p>
      ) : comments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No comments yet.</p>
      ) : (
        <>
          <ul aria-label="Comments, newest first" className="mt-3">
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} isMine={c.authorId === userId} />
            ))}
          </ul>
          <LoadMore query={query} shown={comments.length} noun="comments" />
        </>
      )}
    </section>
  );
}
