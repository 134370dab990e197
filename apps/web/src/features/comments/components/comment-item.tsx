// One comment: its author may edit it (adding @mentions: only people newly mentioned are notified)
// or delete it after a confirmation; a change made with no network shows as pending until it syncs.
import type { Comment } from "@sitesnag/shared/comments";
import { useId, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTimeFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { PendingBadge } from "../../../offline/pending-change-badge";
import { type Member, useDeleteComment, useEditComment, useMentionable } from "../api/comments-api";
import { MentionSelect, mentionsIn, withMention } from "./comment-form";

export type CommentPending = { editedBody: string | undefined; isDeleting: boolean };

function EditForm({ comment: c, onDone }: { comment: Comment; onDone: () => void }) {
  const [text, setText] = useState(c.body);
  const edit = useEditComment();
  const members = useMentionable();
  const t = useT();
  const editId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const others = (members.data ?? []).filter((m) => m.id !== c.authorId);
  const mention = (member: Member) => {
    setText((current) => withMention(current, member));
    textRef.current?.focus();
  };
  return (
    <form
      className="mt-1 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        const body = text.trim();
        if (body === "") return toast.error(t("snagging.comments.empty"));
        // Everyone named in the text; the server notifies only those not told before.
        edit.mutate(
          { id: c.id, reportId: c.reportId, body, mentions: mentionsIn(body, others) },
          {
            onSuccess: ({ queued }) => {
              if (queued) toast.info(t("snagging.comments.editQueued"));
              onDone();
            },
            onError: (err) => toast.error(errorMessage(err, t("snagging.comments.editFailed"))),
          },
        );
      }}
    >
      <label htmlFor={editId} className="sr-only">
        {t("snagging.comments.editLabel")}
      </label>
      <textarea
        ref={textRef}
        id={editId}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base sm:text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <MentionSelect others={others} onPick={mention} />
        <Button type="submit" isLoading={edit.isPending}>
          {t("snagging.comments.save")}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

export function CommentItem({
  comment: c,
  isMine,
  pending,
}: {
  comment: Comment;
  isMine: boolean;
  pending: CommentPending;
}) {
  const t = useT();
  const locale = useLocale();
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const remove = useDeleteComment();
  const body = pending.editedBody ?? c.body;
  const badge = pending.isDeleting
    ? t("snagging.comments.deletePending")
    : pending.editedBody !== undefined
      ? t("snagging.comments.editPending")
      : null;
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0">
      <p className="flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{c.authorName}</span> · {formatDateTimeFor(locale, c.createdAt)}
        {c.editedAt !== null && ` · ${t("snagging.comments.edited")}`}
        <PendingBadge label={badge} />
      </p>
      {isEditing ? (
        <EditForm comment={{ ...c, body }} onDone={() => setEditing(false)} />
      ) : (
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{body}</p>
      )}
      {c.photos.length > 0 && (
        <ul aria-label={t("snagging.comments.photos")} className="mt-2 flex flex-wrap gap-2">
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
      {isMine && !isEditing && !pending.isDeleting && (
        <div className="mt-1 flex gap-1">
          <Button variant="ghost" className="min-h-11 px-2 text-xs" onClick={() => setEditing(true)}>
            {t("snagging.detail.edit")}
          </Button>
          <Button variant="ghost" className="min-h-11 px-2 text-xs" onClick={() => setConfirming(true)}>
            {t("snagging.detail.delete")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t("snagging.comments.deleteTitle")}
        message={t("snagging.comments.deleteBody")}
        confirmLabel={t("snagging.comments.deleteConfirm")}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { id: c.id, reportId: c.reportId },
            {
              onSuccess: ({ queued }) => {
                if (queued) setConfirming(false);
              },
              onError: (err) => {
                setConfirming(false);
                toast.error(errorMessage(err, t("snagging.comments.deleteFailed")));
              },
            },
          )
        }
      />
    </li>
  );
}
