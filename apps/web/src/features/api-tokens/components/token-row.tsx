import type { ApiToken } from "@sitesnag/shared/api-tokens";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useRevokeApiToken } from "../api/api-tokens-api";

/** One token: its name, prefix, access, dates and creator, and Revoke after a confirmation. */
export function TokenRow({ token, now }: { token: ApiToken; now: number }) {
  const t = useT();
  const locale = useLocale();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const date = (seconds: number) => formatDateFor(locale, seconds);
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {token.name}
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
            {token.scopes === "read" ? t("workspace.tokens.scope.read") : t("workspace.tokens.scope.readWrite")}
          </span>
          {expired && (
            <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-normal text-red-700">
              {t("workspace.tokens.expired")}
            </span>
          )}
        </p>
        <p className="mt-1 font-mono text-sm text-slate-600">{token.prefix}…</p>
        <p className="mt-1 text-sm text-slate-600">
          {token.createdBy
            ? t("workspace.tokens.createdBy", { date: date(token.createdAt), name: token.createdBy.name })
            : t("workspace.tokens.createdOn", { date: date(token.createdAt) })}
          {" · "}
          {token.lastUsedAt === null
            ? t("workspace.tokens.neverUsed")
            : t("workspace.tokens.lastUsed", { date: date(token.lastUsedAt) })}
          {" · "}
          {token.expiresAt === null
            ? t("workspace.tokens.neverExpires")
            : t("workspace.tokens.expires", { date: date(token.expiresAt) })}
        </p>
      </div>
      <Button
        variant="secondary"
        aria-label={t("workspace.tokens.revoke.label", { name: token.name })}
        onClick={() => setConfirming(true)}
      >
        {t("workspace.tokens.revoke")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("workspace.tokens.revoke.title", { name: token.name })}
        message={t("workspace.tokens.revoke.body")}
        confirmLabel={t("workspace.tokens.revoke")}
        isPending={revoke.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          revoke.mutate(token.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t("workspace.tokens.revoked", { name: token.name }));
            },
            onError: (err) => toast.error(errorMessage(err, t("workspace.tokens.revokeFailed"))),
          })
        }
      />
    </li>
  );
}
