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
import { type Translate, useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { usePurgeTrashItem, useRestoreTrashItem, useTrash } from "./api/trash-api";
import { trashDetail } from "./trash-detail";

const kindLabel = (t: Translate, item: TrashItem) =>
  item.kind === "project" ? t("trash.kind.project") : t("trash.kind.report");

function leftLabel(t: Translate, item: TrashItem): string {
  return t("trash.daysLeft", { count: daysLeft(item.purgeAt, Math.floor(Date.now() / 1000)) });
}

function TrashRow({ item, canRestore, canPurge }: { item: TrashItem; canRestore: boolean; canPurge: boolean }) {
  const t = useT();
  const locale = useLocale();
  const restore = useRestoreTrashItem();
  const purge = usePurgeTrashItem();
  const [confirming, setConfirming] = useState(false);
  const detail = trashDetail(t, item);
  const onPurge = () =>
    purge.mutate(item.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(
          item.kind === "project"
            ? t("trash.purged.project", { name: item.name })
            : t("trash.purged.report", { name: item.name }),
        );
      },
      onError: (error) => toast.error(errorMessage(error, t("trash.purgeFailed"))),
    });
  const Icon = item.kind === "project" ? FolderKanban : FileWarning;
  const onRestore = () =>
    restore.mutate(item.id, {
      onSuccess: () =>
        toast.success(
          item.kind === "project"
            ? t("trash.restored.project", { name: item.name })
            : t("trash.restored.report", { name: item.name }),
        ),
      onError: (error) => toast.error(errorMessage(error, t("trash.restoreFailed"))),
    });
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3">
      <Icon aria-hidden className="size-5 shrink-0 text-slate-500" />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-slate-900">
          <span className="sr-only">{kindLabel(t, item)}: </span>
          {item.name}
        </p>
        <p className="text-sm text-slate-600">
          {kindLabel(t, item)}
          {detail && ` · ${detail}`} ·{" "}
          {t("trash.deletedBy", { name: item.deletedByName, date: formatDateFor(locale, item.deletedAt) })} ·{" "}
          <span className="font-medium text-slate-700">{leftLabel(t, item)}</span>
        </p>
      </div>
      {canRestore ? (
        <Button
          variant="secondary"
          onClick={onRestore}
          disabled={restore.isPending}
          aria-label={t("trash.restoreLabel", { name: item.name })}
        >
          <RotateCcw aria-hidden className="size-4" />
          {restore.isPending ? t("trash.restoring") : t("trash.restore")}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{t("trash.ownerOnly")}</p>
      )}
      {canPurge && (
        <Button
          variant="danger"
          onClick={() => setConfirming(true)}
          aria-label={t("trash.purgeLabel", { name: item.name })}
        >
          <Trash2 aria-hidden className="size-4" />
          {t("trash.purge")}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("trash.confirm.title", { name: item.name })}
        message={
          item.kind === "project"
            ? t("trash.confirm.project", { name: item.name, detail })
            : t("trash.confirm.report", { name: item.name })
        }
        confirmLabel={t("trash.purge")}
        isPending={purge.isPending}
        onConfirm={onPurge}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}

export function TrashPage() {
  const t = useT();
  const trash = useTrash();
  // Projects are the owner's to delete and restore (the server refuses anyone else with 403).
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  useErrorToast(trash.error, t("trash.loadFailed"));
  return (
    <>
      <PageHeader title={t("trash.title")} subtitle={t("trash.subtitle", { days: TRASH_DAYS })} />
      {trash.isPending ? (
        <LoadingState label={t("trash.loading")} />
      ) : trash.isError ? (
        <ErrorState
          message={errorMessage(trash.error, t("trash.loadFailed"))}
          onRetry={() => trash.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : trash.data.length === 0 ? (
        <EmptyState title={t("trash.empty.title")}>{t("trash.empty.body", { days: TRASH_DAYS })}</EmptyState>
      ) : (
        <ul
          aria-label={t("trash.list")}
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
