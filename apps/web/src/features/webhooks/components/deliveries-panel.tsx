// An endpoint's latest deliveries, newest first: each one's event, state and last attempt, with
// every attempt, the answer's first kilobyte and the body sent behind a disclosure, and Redeliver.
// Read again every few seconds while open, so a test appears without a reload.
import type { WebhookAttempt, WebhookDelivery } from "@sitesnag/shared/webhooks";
import { Button } from "../../../components/button";
import { ErrorState, LoadingState } from "../../../components/states";
import type { Message } from "../../../i18n/i18n";
import { msg, useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTimeFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useRedeliver, useWebhookDeliveries } from "../api/webhooks-api";

const STATE_LABEL: Record<WebhookDelivery["state"], Message> = {
  pending: msg("workspace.webhooks.state.pending"),
  delivered: msg("workspace.webhooks.state.delivered"),
  failed: msg("workspace.webhooks.state.failed"),
};

const STATE_STYLE: Record<WebhookDelivery["state"], string> = {
  pending: "bg-amber-100 text-amber-900",
  delivered: "bg-green-50 text-green-800",
  failed: "bg-red-50 text-red-800",
};

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="text-xs text-slate-700">
      {formatDateTimeFor(locale, Math.floor(attempt.at / 1000))}
      {" · "}
      {attempt.statusCode === null
        ? t("workspace.webhooks.attempt.noAnswer", { ms: attempt.durationMs, error: attempt.error ?? "" })
        : t("workspace.webhooks.attempt", { status: attempt.statusCode, ms: attempt.durationMs })}
    </li>
  );
}

function DeliveryItem({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const t = useT();
  const locale = useLocale();
  const redeliver = useRedeliver();
  const last = delivery.attempts.at(-1);
  const date = formatDateTimeFor(locale, Math.floor(delivery.createdAt / 1000));
  return (
    <li className="p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-mono text-slate-900">{delivery.type}</span>
          <span className={`rounded px-1.5 py-0.5 text-xs ${STATE_STYLE[delivery.state]}`}>
            {t(STATE_LABEL[delivery.state])}
          </span>
          <span className="text-slate-600">{date}</span>
          {last && (
            <span className="text-slate-600">
              {last.statusCode === null
                ? t("workspace.webhooks.attempt.noAnswer", { ms: last.durationMs, error: last.error ?? "" })
                : t("workspace.webhooks.attempt", { status: last.statusCode, ms: last.durationMs })}
            </span>
          )}
          {delivery.nextAttemptAt !== null && delivery.attempts.length > 0 && (
            <span className="text-slate-600">
              {t("workspace.webhooks.nextAttempt", {
                date: formatDateTimeFor(locale, Math.floor(delivery.nextAttemptAt / 1000)),
              })}
            </span>
          )}
        </p>
        <Button
          variant="secondary"
          aria-label={t("workspace.webhooks.redeliver.label", { type: delivery.type, date })}
          isLoading={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(
              { id: webhookId, deliveryId: delivery.id },
              {
                onSuccess: () => toast.success(t("workspace.webhooks.redelivered")),
                onError: (err) => toast.error(errorMessage(err, t("workspace.webhooks.redeliverFailed"))),
              },
            )
          }
        >
          {t("workspace.webhooks.redeliver")}
        </Button>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-brand-700">{t("workspace.webhooks.details")}</summary>
        <p className="mt-2 text-xs font-medium text-slate-700">
          {t("workspace.webhooks.attempts", { count: delivery.attempts.length })}
        </p>
        <ul className="mt-1 space-y-1">
          {delivery.attempts.map((attempt) => (
            <AttemptLine key={attempt.at} attempt={attempt} />
          ))}
        </ul>
        {last && last.response !== "" && (
          <>
            <p className="mt-2 text-xs font-medium text-slate-700">{t("workspace.webhooks.answer")}</p>
            <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">
              {last.response}
            </pre>
          </>
        )}
        <p className="mt-2 text-xs font-medium text-slate-700">{t("workspace.webhooks.body")}</p>
        <pre className="mt-1 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all">
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
      </details>
    </li>
  );
}

export function DeliveriesPanel({ webhookId }: { webhookId: string }) {
  const t = useT();
  const deliveries = useWebhookDeliveries(webhookId);
  if (deliveries.isPending) return <LoadingState label={t("workspace.webhooks.deliveries.loading")} />;
  if (deliveries.isError)
    return (
      <ErrorState
        message={errorMessage(deliveries.error, t("workspace.webhooks.deliveries.loadFailed"))}
        onRetry={() => deliveries.refetch()}
      />
    );
  if (deliveries.data.length === 0)
    return <p className="text-sm text-slate-600">{t("workspace.webhooks.deliveries.empty")}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {deliveries.data.map((delivery) => (
        <DeliveryItem key={delivery.id} webhookId={webhookId} delivery={delivery} />
      ))}
    </ul>
  );
}
