// One endpoint: its URL, events and state; Send test, Deliveries (shown below it), Switch off/on,
// and Delete after a confirmation.
import type { Webhook } from "@sitesnag/shared/webhooks";
import { useId, useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useDeleteWebhook, useEditWebhook, useTestWebhook } from "../api/webhooks-api";
import { DeliveriesPanel } from "./deliveries-panel";

function StateBadge({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const locale = useLocale();
  if (webhook.disabledAt !== null) {
    const text =
      webhook.disabledReason === "gone"
        ? t("workspace.webhooks.off.gone")
        : webhook.disabledReason === "failing"
          ? t("workspace.webhooks.off.failing")
          : t("workspace.webhooks.off.owner");
    return <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-normal text-slate-800">{text}</span>;
  }
  if (webhook.failingSince !== null)
    return (
      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-normal text-amber-900">
        {t("workspace.webhooks.failingSince", { date: formatDateFor(locale, webhook.failingSince) })}
      </span>
    );
  return (
    <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-normal text-green-800">
      {t("workspace.webhooks.active")}
    </span>
  );
}

export function WebhookRow({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const test = useTestWebhook();
  const edit = useEditWebhook();
  const remove = useDeleteWebhook();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const isOff = webhook.disabledAt !== null;
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        setShowDeliveries(true);
        toast.success(t("workspace.webhooks.testQueued"));
      },
      onError: (err) => toast.error(errorMessage(err, t("workspace.webhooks.testFailed"))),
    });
  const switchTo = (enabled: boolean) =>
    edit.mutate(
      { id: webhook.id, patch: { enabled } },
      {
        onSuccess: () => toast.success(t(enabled ? "workspace.webhooks.switchedOn" : "workspace.webhooks.switchedOff")),
        onError: (err) => toast.error(errorMessage(err, t("workspace.webhooks.switchFailed"))),
      },
    );
  return (
    <li className="p-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-sm font-medium text-slate-900">{webhook.url}</span>
            <StateBadge webhook={webhook} />
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t("workspace.webhooks.eventCount", { count: webhook.events.length })}
            {": "}
            <span className="font-mono text-xs">{webhook.events.join(", ")}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={t("workspace.webhooks.test.label", { url: webhook.url })}
            isLoading={test.isPending}
            onClick={sendTest}
          >
            {t("workspace.webhooks.test")}
          </Button>
          <Button
            variant="secondary"
            aria-expanded={showDeliveries}
            aria-controls={panelId}
            onClick={() => setShowDeliveries((v) => !v)}
          >
            {t("workspace.webhooks.deliveries")}
          </Button>
          <Button
            variant="secondary"
            aria-label={t(isOff ? "workspace.webhooks.switchOn.label" : "workspace.webhooks.switchOff.label", {
              url: webhook.url,
            })}
            isLoading={edit.isPending}
            onClick={() => switchTo(isOff)}
          >
            {t(isOff ? "workspace.webhooks.switchOn" : "workspace.webhooks.switchOff")}
          </Button>
          <Button
            variant="secondary"
            aria-label={t("workspace.webhooks.delete.label", { url: webhook.url })}
            onClick={() => setConfirming(true)}
          >
            {t("workspace.webhooks.delete")}
          </Button>
        </div>
      </div>
      {showDeliveries && (
        <section
          id={panelId}
          aria-label={t("workspace.webhooks.deliveries.label", { url: webhook.url })}
          className="mt-4"
        >
          <DeliveriesPanel webhookId={webhook.id} />
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("workspace.webhooks.delete.title")}
        message={t("workspace.webhooks.delete.body", { url: webhook.url })}
        confirmLabel={t("workspace.webhooks.delete")}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          // The promise, not mutate's callbacks: this row is gone (unmounted) once the list refetches.
          remove.mutateAsync(webhook.id).then(
            () => toast.success(t("workspace.webhooks.deleted")),
            (err: unknown) => toast.error(errorMessage(err, t("workspace.webhooks.deleteFailed"))),
          )
        }
      />
    </li>
  );
}
