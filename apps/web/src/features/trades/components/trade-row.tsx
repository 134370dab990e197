import { isStandardTradeKey, MAX_TRADE_NAME } from "@sitesnag/shared/trade-names";
import type { Trade } from "@sitesnag/shared/trades";
import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useDeleteTrade, useUpdateTrade } from "../api/trade-mutations";

type Props = { trade: Trade; index: number; count: number; canManage: boolean };

const iconButton =
  "inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300";

/** One trade: its name (renamed inline), up/down, retire or restore, delete for the ones the workspace added. */
export function TradeRow({ trade, index, count, canManage }: Props) {
  const t = useT();
  const update = useUpdateTrade();
  const remove = useDeleteTrade();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(trade.name);
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<"retire" | "delete" | null>(null);
  const failed = (err: unknown, fallback: string) => toast.error(errorMessage(err, fallback));

  const save = () =>
    update.mutate(
      { key: trade.key, patch: { name } },
      {
        onSuccess: (saved) => {
          setEditing(false);
          setError(undefined);
          toast.success(t("trades.renamed", { name: saved.name }));
        },
        onError: (err) => setError(errorMessage(err, t("trades.saveFailed"))),
      },
    );
  const move = (order: number) =>
    update.mutate({ key: trade.key, patch: { order } }, { onError: (err) => failed(err, t("trades.saveFailed")) });
  const setRetired = (retired: boolean) =>
    update.mutate(
      { key: trade.key, patch: { retired } },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(
            retired ? t("trades.retired", { name: trade.name }) : t("trades.restored", { name: trade.name }),
          );
        },
        onError: (err) => {
          setConfirming(null);
          failed(err, t("trades.saveFailed"));
        },
      },
    );
  const onDelete = () =>
    remove.mutate(trade.key, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(t("trades.deleted", { name: trade.name }));
      },
      onError: (err) => {
        setConfirming(null);
        failed(err, t("trades.deleteFailed"));
      },
    });

  return (
    <li className="flex flex-wrap items-center gap-2 px-4 py-2">
      {canManage && (
        <span className="flex">
          <button
            type="button"
            className={iconButton}
            aria-label={t("trades.moveUp", { name: trade.name })}
            disabled={index === 0 || update.isPending}
            onClick={() => move(index - 1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={t("trades.moveDown", { name: trade.name })}
            disabled={index === count - 1 || update.isPending}
            onClick={() => move(index + 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </button>
        </span>
      )}
      {editing ? (
        <form
          noValidate
          className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <div className="min-w-0 flex-1">
            <input
              aria-label={t("trades.rename.label", { name: trade.name })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `trade-${trade.key}-error` : undefined}
              value={name}
              maxLength={MAX_TRADE_NAME}
              // biome-ignore lint/a11y/noAutofocus: the field the Rename button just opened
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
              className="block min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm"
            />
            {error && (
              <p id={`trade-${trade.key}-error`} role="alert" className="mt-1 text-sm text-red-600">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" isLoading={update.isPending}>
            {t("trades.save")}
          </Button>
          <Button variant="ghost" onClick={() => setEditing(false)}>
            {t("trades.cancel")}
          </Button>
        </form>
      ) : (
        <p className="min-w-0 flex-1 break-words">
          <span className={trade.retired ? "text-slate-500 line-through" : "font-medium text-slate-900"}>
            {trade.name}
          </span>
          {isStandardTradeKey(trade.key) && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
              {t("trades.standard")}
            </span>
          )}
          {trade.retired && (
            <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
              {t("trades.retiredBadge")}
            </span>
          )}
        </p>
      )}
      {canManage && !editing && (
        <span className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            onClick={() => {
              setName(trade.name);
              setEditing(true);
            }}
          >
            {t("trades.rename")}
          </Button>
          {trade.retired ? (
            <Button variant="ghost" onClick={() => setRetired(false)} disabled={update.isPending}>
              {t("trades.restore")}
            </Button>
          ) : (
            <Button variant="ghost" onClick={() => setConfirming("retire")}>
              {t("trades.retire")}
            </Button>
          )}
          {!isStandardTradeKey(trade.key) && (
            <Button variant="ghost" onClick={() => setConfirming("delete")}>
              {t("trades.delete")}
            </Button>
          )}
        </span>
      )}
      <ConfirmDialog
        open={confirming === "retire"}
        title={t("trades.retire.title", { name: trade.name })}
        message={t("trades.retire.body")}
        confirmLabel={t("trades.retire")}
        isPending={update.isPending}
        onConfirm={() => setRetired(true)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === "delete"}
        title={t("trades.delete.title", { name: trade.name })}
        message={t("trades.delete.body")}
        confirmLabel={t("trades.delete")}
        isPending={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(null)}
      />
    </li>
  );
}
