import type { Invitation } from "@sitesnag/shared/team";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../../components/states";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useInvitations, useRevokeInvitation } from "../api/team-api";
import { ResendInvitationButton } from "./resend-invitation";

const describe = (i: Invitation) => i.email ?? "Anyone with the link";

export function PendingInvitations() {
  const invitations = useInvitations(true);
  const revoke = useRevokeInvitation();
  const [target, setTarget] = useState<Invitation | null>(null);
  return (
    <section aria-labelledby="pending-heading" className="mt-8">
      <h2 id="pending-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Pending invitations
      </h2>
      {invitations.isPending ? (
        <LoadingState label="Loading invitations…" />
      ) : invitations.isError ? (
        <ErrorState
          message={errorMessage(invitations.error, "Failed to load invitations")}
          onRetry={() => invitations.refetch()}
        />
      ) : invitations.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          No pending invitations.
        </p>
      ) : (
        <ul
          aria-label="Pending invitations"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        >
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{describe(i)}</p>
                <p className="text-xs text-slate-500">
                  Invited {formatDate(i.createdAt)}
                  {i.invitedByName ? ` by ${i.invitedByName}` : ""} · expires {formatDate(i.expiresAt)}
                </p>
              </div>
              <div className="flex gap-2">
                {i.email !== null && <ResendInvitationButton invitation={{ ...i, email: i.email }} />}
                <Button
                  variant="secondary"
                  onClick={() => setTarget(i)}
                  aria-label={`Revoke invitation for ${describe(i)}`}
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Revoke invitation"
        message={`Revoke the invitation for ${target ? describe(target) : ""}? The link will stop working.`}
        confirmLabel="Revoke"
        isPending={revoke.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          target &&
          revoke.mutate(target.id, {
            onSuccess: () => {
              toast.success("Invitation revoked");
              setTarget(null);
            },
            onError: (error) => toast.error(errorMessage(error, "Failed to revoke invitation")),
          })
        }
      />
    </section>
  );
}
