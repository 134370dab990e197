// Webhooks (issue 38, decision 0073, a desktop office flow beside API tokens): the workspace owner
// adds endpoints with the events each hears of, sees the signing secret once, sends a test, reads
// each endpoint's deliveries and their attempts, redelivers, switches endpoints off and on, and
// deletes them after a confirmation. Members are told it is the owner's page.
import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { useAuthStore } from "../../stores/auth-store";
import { useWebhooks } from "./api/webhooks-api";
import { CreateWebhookDialog } from "./components/create-webhook-dialog";
import { WebhookRow } from "./components/webhook-row";

export function WebhooksPage() {
  const t = useT();
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const webhooks = useWebhooks(isOwner);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t("workspace.webhooks.title")}
        subtitle={t("workspace.webhooks.subtitle")}
        actions={
          <>
            <Link to="/app/workspace/api-tokens" className={buttonClass("secondary")}>
              <KeyRound aria-hidden className="size-4" />
              {t("workspace.tokens.link")}
            </Link>
            {isOwner && (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden className="size-4" />
                {t("workspace.webhooks.create")}
              </Button>
            )}
          </>
        }
      />
      {!isOwner ? (
        <p className="text-sm text-slate-600">{t("workspace.webhooks.ownerOnly")}</p>
      ) : webhooks.isPending ? (
        <LoadingState label={t("workspace.webhooks.loading")} />
      ) : webhooks.isError ? (
        <ErrorState
          message={errorMessage(webhooks.error, t("workspace.webhooks.loadFailed"))}
          onRetry={() => webhooks.refetch()}
        />
      ) : webhooks.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {t("workspace.webhooks.empty")}
        </p>
      ) : (
        <ul
          aria-label={t("workspace.webhooks.title")}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {webhooks.data.map((webhook) => (
            <WebhookRow key={webhook.id} webhook={webhook} />
          ))}
        </ul>
      )}
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
