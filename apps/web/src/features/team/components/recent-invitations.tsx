import { ErrorState, LoadingState } from "../../../components/states";
import { useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { useRecentInvitations } from "../api/team-api";
import { ResendInvitationButton } from "./resend-invitation";

/** What became of invitations in the last 30 days: accepted (by whom) or expired (resend one with an address). */
export function RecentInvitations() {
  const invitations = useRecentInvitations(true);
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="recent-invitations-heading" className="mt-8">
      <h2 id="recent-invitations-heading" className="mb-3 text-lg font-semibold text-slate-900">
        {t("team.invitations.recent")}
      </h2>
      {invitations.isPending ? (
        <LoadingState label={t("team.invitations.loading")} />
      ) : invitations.isError ? (
        <ErrorState
          message={errorMessage(invitations.error, t("team.invitations.loadFailed"))}
          onRetry={() => invitations.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : invitations.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          {t("team.invitations.noneRecent")}
        </p>
      ) : (
        <ul
          aria-label={t("team.invitations.recent")}
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{i.email ?? t("team.invitations.anyone")}</p>
                <p className="text-xs text-slate-600">
                  {i.state === "accepted" ? (
                    <>
                      <span className="font-semibold text-emerald-700">{t("team.invitations.accepted")}</span>
                      {i.acceptedAt ? ` ${formatDateFor(locale, i.acceptedAt)}` : ""}
                      {i.acceptedByName ? ` ${t("team.invitations.by", { name: i.acceptedByName })}` : ""}
                    </>
                  ) : (
                    <>
                      <span className="font-semibold text-amber-700">{t("team.invitations.expired")}</span>{" "}
                      {formatDateFor(locale, i.expiresAt)}
                    </>
                  )}
                </p>
              </div>
              {i.state === "expired" && i.email !== null && (
                <ResendInvitationButton invitation={{ ...i, email: i.email }} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
