import type { Invitation } from "@sitesnag/shared/team";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useResendInvitation } from "../api/team-api";

/** "Resend" for an invitation with an address: a new link is mailed and the earlier one stops working. */
export function ResendInvitationButton({ invitation }: { invitation: Invitation & { email: string } }) {
  const resend = useResendInvitation();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setConfirming(true)}
        aria-label={`Resend invitation to ${invitation.email}`}
      >
        Resend
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Resend invitation"
        message={`Email a new invitation link to ${invitation.email}? It is valid for 7 days; the earlier link stops working.`}
        confirmLabel="Resend"
        isPending={resend.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          resend.mutate(invitation.id, {
            onSuccess: () => {
              toast.success(`Invitation sent again to ${invitation.email}`);
              setConfirming(false);
            },
            onError: (error) => toast.error(errorMessage(error, "Failed to resend the invitation")),
          })
        }
      />
    </>
  );
}
