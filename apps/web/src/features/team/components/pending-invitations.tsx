import type { Invitation } from "@sitesnag/shared/team";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { type Translate, useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useInvitations, useRevokeInvitation } from "../api/team-api";
import { InvitationList } from "./invitation-list";
import { ResendInvitationButton } from "./resend-invitation";

const describe = (t: Translate, i: Invitation) => i.email ?? t("team.invitations.anyone");

export function PendingInvitations() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const [target, setTarget] = useState<Invitation | null>(null);
  const t = useT();
  const locale = useLocale();
  return (
    <InvitationList
      id="pending-heading"
      title={t("team.invitations.pending")}
      empty={t("team.invitations.nonePending")}
      invitations={invitations}
      row={(i) => (
        <>
          <div className="min-w-0">
            <p className="break-words font-medium text-slate-900">{describe(t, i)}</p>
            <p className="text-xs text-slate-500">
              {i.invitedByName
                ? t("team.invitations.invitedBy", {
                    date: formatDateFor(locale, i.createdAt),
                    name: i.invitedByName,
                  })
                : t("team.invitations.invited", { date: formatDateFor(locale, i.createdAt) })}{" "}
              · {t("team.invitations.expires", { date: formatDateFor(locale, i.expiresAt) })}
            </p>
          </div>
          <div className="flex gap-2">
            {i.email !== null && <ResendInvitationButton invitation={{ ...i, email: i.email }} />}
            <Button
              variant="secondary"
              onClick={() => setTarget(i)}
              aria-label={t("team.invitations.revokeLabel", { who: describe(t, i) })}
            >
              {t("team.invitations.revoke")}
            </Button>
          </div>
        </>
      )}
    >
      <ConfirmDialog
        open={target !== null}
        title={t("team.invitations.revokeTitle")}
        message={t("team.invitations.revokeBody", { who: target ? describe(t, target) : "" })}
        confirmLabel={t("team.invitations.revoke")}
        isPending={revoke.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          target &&
          revoke.mutate(target.id, {
            onSuccess: () => {
              toast.success(t("team.invitations.revoked"));
              setTarget(null);
            },
            onError: (error) => toast.error(errorMessage(error, t("team.invitations.revokeFailed"))),
          })
        }
      />
    </InvitationList>
  );
}
