// API tokens (issue 38, a desktop office flow, decision 0041): the workspace owner lists, creates
// and revokes the tokens scripts and integrations use; the secret is shown once, at creation. The
// API reference (/api/docs) is linked from here. Members are told it is the owner's page.
import { BookOpen, Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { useAuthStore } from "../../stores/auth-store";
import { useApiTokens } from "./api/api-tokens-api";
import { CreateTokenDialog } from "./components/create-token-dialog";
import { TokenRow } from "./components/token-row";

export function ApiTokensPage() {
  const t = useT();
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const tokens = useApiTokens(isOwner);
  const [creating, setCreating] = useState(false);
  const now = Math.floor(Date.now() / 1000);
  return (
    <>
      <PageHeader
        title={t("workspace.tokens.title")}
        subtitle={t("workspace.tokens.subtitle")}
        actions={
          <>
            <Link to="/app/workspace/webhooks" className={buttonClass("secondary")}>
              <Webhook aria-hidden className="size-4" />
              {t("workspace.webhooks.link")}
            </Link>
            <a href="/api/docs" target="_blank" rel="noopener" className={buttonClass("secondary")}>
              <BookOpen aria-hidden className="size-4" />
              {t("workspace.tokens.docsLink")}
            </a>
            {isOwner && (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden className="size-4" />
                {t("workspace.tokens.create")}
              </Button>
            )}
          </>
        }
      />
      {!isOwner ? (
        <p className="text-sm text-slate-600">{t("workspace.tokens.ownerOnly")}</p>
      ) : tokens.isPending ? (
        <LoadingState label={t("workspace.tokens.loading")} />
      ) : tokens.isError ? (
        <ErrorState
          message={errorMessage(tokens.error, t("workspace.tokens.loadFailed"))}
          onRetry={() => tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {t("workspace.tokens.empty")}
        </p>
      ) : (
        <ul
          aria-label={t("workspace.tokens.title")}
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} now={now} />
          ))}
        </ul>
      )}
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
