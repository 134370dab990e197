import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateFor } from "../../../lib/format";
import { useRecentInvitations } from "../api/team-api";
import { InvitationList } from "./invitation-list";
import { ResendInvitationButton } from "./resend-invitation";

/** What became of invitations in the last 30 days: accepted (by whom) or expired (resend one with an address). */
export function RecentInvitations() {
  const invitations = useRecentInvitations(true);
  const t = useT();
  const locale = useLocale();
  return (
    <InvitationList
      id="recent-invitations-heading"
      title={t("team.invitations.recent")}
      empty={t("team.invitations.noneRecent")}
      invitations={invitations}
      row={(i) => (
        <>
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
        </>
      )}
    />
  );
}
