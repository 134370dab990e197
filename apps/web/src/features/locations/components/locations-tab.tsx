// The project page's Locations tab (issue 36): the project's tree with its report counts, and
// everything the office does to it — add, rename, code, plan, move, reorder, delete, bulk entry
// and QR labels. A lazy chunk (app/project-locations-tab.tsx): no other screen carries it.
import type { Sheet } from "@sitesnag/shared/sheets";
import { useQuery } from "@tanstack/react-query";
import { ListPlus, Plus, QrCode } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState, ErrorState, LoadingState } from "../../../components/states";
import { useT } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import {
  useCreateLocation,
  useDeleteLocation,
  useDownloadLabels,
  useImportLocations,
  useUpdateLocation,
} from "../api/location-mutations";
import { useLocations } from "../api/locations-queries";
import { branchIds, childrenByParent, type LocationItem } from "../lib/location-tree";
import { BulkEntryDialog } from "./bulk-entry-dialog";
import { type EditTarget, type EditValues, LocationEditDialog } from "./location-edit-dialog";
import { LocationRow, type RowAction } from "./location-row";
import { MoveDialog } from "./move-dialog";

type Dialog =
  | { kind: "edit"; target: EditTarget }
  | { kind: "move"; item: LocationItem }
  | { kind: "delete"; item: LocationItem }
  | { kind: "bulk" }
  | null;

// The Plans tab's query (same key and answer), read here without importing the sheets feature.
const useSheetsOf = (projectId: string) =>
  useQuery({
    queryKey: ["projects", projectId, "sheets"],
    queryFn: async () => (await api<{ sheets: Sheet[] }>(`/projects/${encodeURIComponent(projectId)}/sheets`)).sheets,
  });

export function LocationsTab({ projectId }: { projectId: string }) {
  const t = useT();
  const locations = useLocations(projectId);
  const sheets = useSheetsOf(projectId);
  const create = useCreateLocation(projectId);
  const update = useUpdateLocation();
  const remove = useDeleteLocation();
  const importList = useImportLocations(projectId);
  const labels = useDownloadLabels(projectId);
  const [dialog, setDialog] = useState<Dialog>(null);
  // Top-level locations start open, so a fresh tree shows its floors.
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const list = locations.data ?? [];
  const children = useMemo(() => childrenByParent(list), [list]);
  const open = expanded ?? new Set((children.get(null) ?? []).map((l) => l.id));
  const childrenOf = (id: string) => children.get(id) ?? [];
  const toggle = (id: string) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const close = () => {
    create.reset();
    update.reset();
    importList.reset();
    setDialog(null);
  };
  const printLabels = (root: LocationItem | null) =>
    labels.mutate(root?.id ?? null, {
      onError: (error) => toast.error(errorMessage(error, t("locations.labels.failed"))),
    });

  const onAction = (action: RowAction, item: LocationItem) => {
    const siblings = children.get(item.parentId) ?? [];
    const index = siblings.findIndex((s) => s.id === item.id);
    if (action === "add") setDialog({ kind: "edit", target: { kind: "create", parent: item } });
    else if (action === "edit") setDialog({ kind: "edit", target: { kind: "edit", item } });
    else if (action === "move") setDialog({ kind: "move", item });
    else if (action === "delete") setDialog({ kind: "delete", item });
    else if (action === "labels") printLabels(item);
    else {
      const order = action === "up" ? index - 1 : index + 1;
      update.mutate(
        { id: item.id, patch: { order } },
        { onError: (error) => toast.error(errorMessage(error, t("locations.error.save"))) },
      );
    }
  };

  const saveEdit = (target: EditTarget, values: EditValues) => {
    if (target.kind === "create") {
      create.mutate(
        { ...values, parentId: target.parent?.id ?? null },
        {
          onSuccess: (location) => {
            if (target.parent) setExpanded(new Set(open).add(target.parent.id));
            toast.success(t("locations.create.done", { name: location.name }));
            close();
          },
        },
      );
      return;
    }
    update.mutate({ id: target.item.id, patch: values }, { onSuccess: close });
  };

  if (locations.isPending) return <LoadingState label={t("locations.loading")} />;
  if (locations.isError && !locations.data) {
    return <ErrorState message={t("locations.error.load")} onRetry={() => locations.refetch()} />;
  }
  const top = children.get(null) ?? [];
  const deleting = dialog?.kind === "delete" ? dialog.item : null;
  return (
    <section className="mt-4" aria-label={t("locations.title")}>
      <div className="mb-3 flex flex-wrap gap-2">
        <Button onClick={() => setDialog({ kind: "edit", target: { kind: "create", parent: null } })}>
          <Plus aria-hidden className="size-4" />
          {t("locations.add")}
        </Button>
        <Button variant="secondary" onClick={() => setDialog({ kind: "bulk" })}>
          <ListPlus aria-hidden className="size-4" />
          {t("locations.bulk.open")}
        </Button>
        {top.length > 0 && (
          <Button variant="secondary" onClick={() => printLabels(null)} isLoading={labels.isPending}>
            {!labels.isPending && <QrCode aria-hidden className="size-4" />}
            {t("locations.labels.print")}
          </Button>
        )}
      </div>
      {top.length === 0 ? (
        <EmptyState title={t("locations.empty.title")}>{t("locations.empty.body")}</EmptyState>
      ) : (
        <ul aria-label={t("locations.tree")} className="rounded-xl bg-white px-2 shadow-sm ring-1 ring-slate-200">
          {top.map((item, i) => (
            <LocationRow
              key={item.id}
              item={item}
              childrenOf={childrenOf}
              index={i}
              siblingCount={top.length}
              expanded={open}
              onToggle={toggle}
              onAction={onAction}
              busy={update.isPending}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === "edit" && (
        <LocationEditDialog
          target={dialog.target}
          sheets={sheets.data ?? []}
          isPending={create.isPending || update.isPending}
          error={create.error ?? update.error}
          onSave={(values) => saveEdit(dialog.target, values)}
          onClose={close}
        />
      )}
      {dialog?.kind === "move" && (
        <MoveDialog
          item={dialog.item}
          list={list}
          isPending={update.isPending}
          error={update.error}
          onMove={(parentId) => update.mutate({ id: dialog.item.id, patch: { parentId } }, { onSuccess: close })}
          onClose={close}
        />
      )}
      {dialog?.kind === "bulk" && (
        <BulkEntryDialog
          isPending={importList.isPending}
          error={importList.error}
          onImport={(lines) =>
            importList.mutate(lines, {
              onSuccess: (result) => {
                toast.success(t("locations.bulk.done", { created: result.created, reused: result.reused }));
                setExpanded(null);
                close();
              },
            })
          }
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("locations.delete.title", { name: deleting?.name ?? "" })}
        message={t("locations.delete.message", {
          reports: deleting?.reportCounts.total ?? 0,
          children: deleting ? branchIds(list, deleting.id).size - 1 : 0,
        })}
        confirmLabel={t("locations.delete.confirm")}
        isPending={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t("locations.delete.done", { name: deleting.name }));
              close();
            },
            onError: (error) => toast.error(errorMessage(error, t("locations.error.delete"))),
          })
        }
      />
    </section>
  );
}
