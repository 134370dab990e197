// The Trash: deleted projects (with their reports) and reports, kept for 30 days with what was
// deleted, by whom, when and how many days are left; Restore puts one back in one tap. The owner
// can also delete one for good now, after a confirmation naming it.
import type { TrashItem } from "@sitesnag/shared/trash";
import { daysLeft, TRASH_DAYS } from "@sitesnag/shared/trash-days";
import { FileWarning, FolderKanban, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-client";
import { formatDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { usePurgeTrashItem, useRestoreTrashItem, useTrash } from "./api/trash-api";

const KIND_LABEL = { project: "Project", report: "Report" } as const;

function leftLabel(item: TrashItem): string {
  const left = daysLeft(item.purgeAt, Math.floor(Date.now() / 1000));
  return left === 0 ? "Deleted for good within the hour" : `${left} ${left === 1 ? "day" : "days"} left`;
}

function TrashRow({ item, canRestore, canPurge }: { item: TrashItem; canRestore: boolean; canPurge: boolean }) {
  const restore = useRestoreTrashItem();
  const purge = usePurgeTrashItem();
  const [confirming, setConfirming] = useState(false);
  const onPurge = () =>
    purge.mutate(item.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`${KIND_LABEL[item.kind]} “${item.name}” deleted for good`);
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to delete for good")),
    });
  const Icon = item.kind === "project" ? FolderKanban : FileWarning;
  const onRestore = () =>
    restore.mutate(item.id, {
      onSuccess: () => toast.success(`${KIND_LABEL[item.kind]} “${item.name}” restored`),
      onError: (error) => toast.error(errorMessage(error, "Failed to restore")),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">
          <span className="sr-only">{KIND_LABEL[item.kind]}: </span>
          {item.name}
        </p>
        <p className="text-sm text-slate-600">
          {KIND_LABEL[item.kind]}
          {item.detail && ` · ${item.detail}`} · deleted by {item.deletedByName} on {formatDate(item.deletedAt)} ·{" "}
          <span className="font-medium text-slate-700">{leftLabel(item)}</span>
        </p>
      </div>
      {canRestore ? (
        <Button
          variant="secondary"
          onClick={onRestore}
          disabled={restore.isPending}
          aria-label={`Restore ${item.name}`}
        >
          <RotateCcw aria-hidden className="size-4" />
          {restore.isPending ? "Restoring…" : "Restore"}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">Only the workspace owner can restore a project.</p>
      )}
      {canPurge && (
        <Button variant="danger" onClick={() => setConfirming(true)} aria-label={`Delete for good: ${item.name}`}>
          <Trash2 aria-hidden className="size-4" />
          Delete for good
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete “${item.name}” for good?`}
        message={
          item.kind === "project"
            ? `The project “${item.name}” and everything in it (${item.detail}, their photos and the project's audits and drawings) will be deleted now and cannot be restored.`
            : `The report “${item.name}” and its photos will be deleted now and cannot be restored.`
        }
        confirmLabel="Delete for good"
        isPending={purge.isPending}
        onConfirm={onPurge}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

export function TrashPage() {
  const trash = useTrash();
  // Projects are the owner's to delete and restore (the server refuses anyone else with 403).
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  useErrorToast(trash.error, "Failed to load the Trash");
  return (
    <>
      <PageHeader
        title="Trash"
        subtitle={`Deleted projects and reports stay here for ${TRASH_DAYS} days, then they are deleted for good.`}
      />
      {trash.isPending ? (
        <LoadingState label="Loading the Trash…" />
      ) : trash.isError ? (
        <ErrorState message={errorMessage(trash.error, "Failed to load the Trash")} onRetry={() => trash.refetch()} />
      ) : trash.data.length === 0 ? (
        <EmptyState title="The Trash is empty">
          Projects and reports you delete appear here for {TRASH_DAYS} days, so you can restore them.
        </EmptyState>
      ) : (
        <ul
          aria-label="Deleted items"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {trash.data.map((item) => (
            <TrashRow key={item.id} item={item} canRestore={item.kind === "report" || isOwner} canPurge={isOwner} />
          ))}
        </ul>
      )}
    </>
  );
}
