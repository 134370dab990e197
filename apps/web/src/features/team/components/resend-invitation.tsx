import type { Invitation } from "@sitesnag/shared/team";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useResendInvitation } from "../api/team-api";

/** "Resend" for an invitation with an address: a new link is mailed and the earlier one stops working. */
export function ResendInvitationButton({ invitation }: { invitation: Invitation & { email: string } }) {
  const resend = useResendInvitation();
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        aria-label={t("team.resend.label", { email: invitation.email })}
      >
        {t("team.resend.action")}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("team.resend.title")}
        message={t("team.resend.body", { email: invitation.email })}
        confirmLabel={t("team.resend.action")}
        isPending={resend.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          resend.mutate(invitation.id, {
            onSuccess: () => {
              toast.success(t("team.resend.sent", { email: invitation.email }));
              setConfirming(false);
            },
            onError: (error) => toast.error(errorMessage(error, t("team.resend.failed"))),
          })
        }
      />
    </>
  );
}
