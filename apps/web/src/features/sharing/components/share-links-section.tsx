import type { ShareLink } from "@sitesnag/shared/sharing";
import { clsx } from "clsx";
import { Link2Off } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../../components/states";
import type { Message } from "../../../i18n/i18n";
import { msg, type Translate, useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useRevokeShareLink, useShareLinks } from "../api/share-links-api";

const STATE_STYLE: Record<ShareLink["state"], string> = {
  active: "bg-emerald-100 text-emerald-800",
  expired: "bg-slate-200 text-slate-700",
  revoked: "bg-red-100 text-red-800",
};
const STATE_LABEL: Record<ShareLink["state"], Message> = {
  active: msg("sharing.links.active"),
  expired: msg("sharing.links.expired"),
  revoked: msg("sharing.links.revoked"),
};

function scopeOf(t: Translate, link: ShareLink): string {
  if (link.assigneeName) return t("sharing.links.assignedTo", { name: link.assigneeName });
  const parts = [link.filter.status, link.filter.priority].filter(Boolean);
  return parts.length === 0 ? t("sharing.links.everything") : t("sharing.links.snags", { filter: parts.join(", ") });
}

/** The project's share links: who each is for, what it shares, its last use; Revoke. */
export function ShareLinksSection({ projectId }: { projectId: string }) {
  const t = useT();
  const locale = useLocale();
  const links = useShareLinks(projectId);
  const revoke = useRevokeShareLink();
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  return (
    <section aria-labelledby="share-links" className="mt-8">
      <h2 id="share-links" className="mb-3 text-lg font-semibold text-slate-900">
        {t("sharing.links.title")}
      </h2>
      {links.isPending ? (
        <LoadingState label={t("sharing.links.loading")} />
      ) : links.isError ? (
        <ErrorState message={t("sharing.links.loadFailed")} onRetry={() => links.refetch()} />
      ) : links.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
          {t("sharing.links.none")}
        </p>
      ) : (
        <ul
          aria-label={t("sharing.links.title")}
          className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200"
        >
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{link.name}</p>
                <p className="text-xs text-slate-600">
                  {scopeOf(t, link)} · {t("sharing.links.expires", { date: formatDateFor(locale, link.expiresAt) })} ·{" "}
                  {link.lastUsedAt === null
                    ? t("sharing.links.notOpened")
                    : t("sharing.links.lastUsed", { date: formatDateFor(locale, link.lastUsedAt) })}{" "}
                  · {t("sharing.links.views", { count: link.views })}, {t("sharing.links.fixes", { count: link.fixes })}
                </p>
              </div>
              <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATE_STYLE[link.state])}>
                {t(STATE_LABEL[link.state])}
              </span>
              {link.state === "active" && (
                <Button
                  variant="secondary"
                  onClick={() => setRevoking(link)}
                  aria-label={t("sharing.links.revokeLabel", { name: link.name })}
                >
                  <Link2Off aria-hidden className="size-4" />
                  {t("sharing.links.revoke")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("sharing.links.revokeTitle")}
        message={t("sharing.links.revokeBody", { name: revoking?.name ?? "" })}
        confirmLabel={t("sharing.links.revokeConfirm")}
        isPending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success(t("sharing.links.revokedToast"));
              setRevoking(null);
            },
            onError: (error) => toast.error(errorMessage(error, t("sharing.links.revokeFailed"))),
          })
        }
      />
    </section>
  );
}
