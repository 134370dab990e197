// The Trades screen (issue 36, an office flow): the workspace's trades in the order the snag form
// offers them. The owner adds, renames inline, moves up and down (buttons, so the keyboard can),
// retires and restores (after a confirmation), and deletes an unused trade they added; members read.
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { useAuthStore } from "../../stores/auth-store";
import { useTrades } from "./api/trades-api";
import { AddTradeForm } from "./components/add-trade-form";
import { TradeRow } from "./components/trade-row";

export function TradesPage() {
  const t = useT();
  const trades = useTrades();
  const canManage = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const offered = trades.data?.filter((x) => !x.retired).length ?? 0;
  return (
    <>
      <PageHeader
        title={t("trades.title")}
        subtitle={
          trades.data ? `${t("trades.subtitle")} ${t("trades.count", { count: offered })}` : t("trades.subtitle")
        }
      />
      {canManage ? <AddTradeForm /> : <p className="mb-4 text-sm text-slate-600">{t("trades.readOnly")}</p>}
      {trades.isPending ? (
        <LoadingState label={t("trades.loading")} />
      ) : trades.isError ? (
        <ErrorState message={errorMessage(trades.error, t("trades.loadFailed"))} onRetry={() => trades.refetch()} />
      ) : (
        <ul
          aria-label={t("trades.title")}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {trades.data.map((trade, index) => (
            <TradeRow key={trade.key} trade={trade} index={index} count={trades.data.length} canManage={canManage} />
          ))}
        </ul>
      )}
    </>
  );
}
