// A report's comments (issue 23): newest first, those still waiting in the offline outbox on top
// marked "Pending sync" (decision 0032); the author may edit or delete theirs; photos open full size.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { LoadMore } from "../../../components/load-more";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateTimeFor } from "../../../lib/format";
import { PendingBadge } from "../../../offline/pending-change-badge";
import { useOutbox } from "../../../offline/use-outbox";
import { useAuthStore } from "../../../stores/auth-store";
import { commentsQuery } from "../api/comments-api";
import { type PendingComment, pendingCommentsOf } from "../lib/pending-comments";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";

/** A comment written with no network, shown at once until the outbox has sent it. */
function PendingItem({ comment: c }: { comment: PendingComment }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0">
      <p className="flex flex-wrap items-center gap-x-1 text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{t("snagging.comments.you")}</span> ·{" "}
        {formatDateTimeFor(locale, Math.floor(c.queuedAt / 1000))}
        <PendingBadge label={t("snagging.queued.pending")} />
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-900">{c.body}</p>
      {c.photoCount > 0 && (
        <p className="mt-1 text-xs text-slate-600">{t("snagging.comments.photosWaiting", { count: c.photoCount })}</p>
      )}
      {c.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t("snagging.comments.notPosted", { error: c.error })}
        </p>
      )}
    </li>
  );
}

export function ReportComments({ reportId }: { reportId: string }) {
  const t = useT();
  const query = useInfiniteQuery(commentsQuery(reportId));
  const userId = useAuthStore((s) => s.user?.id);
  const outbox = useOutbox();
  const pending = useMemo(() => pendingCommentsOf(outbox.items, reportId), [outbox.items, reportId]);
  const comments = query.data?.pages.flatMap((p) => p.items) ?? [];
  const isEmpty = comments.length === 0 && pending.added.length === 0;
  return (
    <section aria-labelledby="report-comments" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="report-comments" className="mb-3 text-sm font-semibold text-slate-900">
        {t("snagging.comments.title")}
      </h2>
      <CommentForm reportId={reportId} currentUserId={userId} />
      {query.isPending && pending.added.length === 0 ? (
        <p role="status" className="mt-3 text-sm text-slate-500">
          {t("snagging.comments.loading")}
        </p>
      ) : query.isError && isEmpty ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t("snagging.comments.loadFailed")}
        </p>
      ) : isEmpty ? (
        <p className="mt-3 text-sm text-slate-500">{t("snagging.comments.none")}</p>
      ) : (
        <>
          <ul aria-label={t("snagging.comments.list")} className="mt-3">
            {pending.added.map((c) => (
              <PendingItem key={c.tempId} comment={c} />
            ))}
            {comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                isMine={c.authorId === userId}
                pending={{ editedBody: pending.edited.get(c.id), isDeleting: pending.deleted.has(c.id) }}
              />
            ))}
          </ul>
          {comments.length > 0 && <LoadMore query={query} shown={comments.length} noun="comments" />}
        </>
      )}
    </section>
  );
}
