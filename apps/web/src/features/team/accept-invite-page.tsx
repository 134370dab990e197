import type { AuthResponse } from "@sitesnag/shared/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { forgetQueryCache } from "../../app/persisted-query-cache";
import { Button } from "../../components/button";
import { ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-client";
import { formatDate } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { acceptInvitation, useInvitationPreview } from "./api/team-api";
import { NewAccountForm, SignInForm } from "./components/invite-forms";
import { InviteLayout } from "./components/invite-layout";

/** /invite/{token}: join a workspace with a new account, or move the signed-in one after confirming. */
export function AcceptInvitePage() {
  const { token = "" } = useParams();
  const preview = useInvitationPreview(token);
  const user = useAuthStore((s) => s.user);
  const signIn = useAuthStore((s) => s.signIn);
  const setUser = useAuthStore((s) => s.setUser);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [mode, setMode] = useState<"new" | "existing">("new");
  const join = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (joined) => {
      setUser(joined);
      // Everything cached belonged to the workspace just left.
      queryClient.clear();
      toast.success(`You joined ${preview.data?.workspaceName ?? "the team"}`);
      navigate("/app/team", { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to join the workspace")),
  });
  const onSignedIn = (session: AuthResponse, joined: boolean) => {
    queryClient.clear();
    void forgetQueryCache();
    signIn(session);
    if (joined) {
      toast.success(`Welcome to ${preview.data?.workspaceName ?? "the team"}`);
      navigate("/app/dashboard", { replace: true });
    }
  };

  if (preview.isPending)
    return (
      <InviteLayout title="Invitation">
        <LoadingState label="Checking the invitation…" />
      </InviteLayout>
    );
  if (preview.isError) {
    return (
      <InviteLayout title="Invitation">
        <ErrorState message={errorMessage(preview.error, "This invitation is not valid")} />
        <p className="mt-4 text-center text-sm text-slate-600">Ask the person who invited you for a new link.</p>
      </InviteLayout>
    );
  }
  const invitation = preview.data;
  const intro = (
    <p className="text-sm text-slate-700">
      {invitation.invitedByName ?? "A teammate"} invited you to join <strong>{invitation.workspaceName}</strong>
      {invitation.email ? ` as ${invitation.email}` : ""}. The invitation expires on {formatDate(invitation.expiresAt)}.
    </p>
  );
  if (user) {
    const wrongAddress = invitation.email !== null && invitation.email !== user.email.toLowerCase();
    return (
      <InviteLayout title={`Join ${invitation.workspaceName}`}>
        {intro}
        <p className="mt-3 text-sm text-slate-700">
          You are signed in as <strong>{user.email}</strong>.
        </p>
        {wrongAddress ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            This invitation is for {invitation.email}. Sign out and use that account to accept it.
          </p>
        ) : (
          <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Joining moves your account into this workspace. Projects and reports in your current workspace stay there
            and are not shared with your new team, and you will no longer see them.
          </div>
        )}
        <div className="mt-5 flex flex-col gap-2">
          {!wrongAddress && (
            <Button onClick={() => join.mutate()} isLoading={join.isPending}>
              Move my account and join
            </Button>
          )}
          <Link to="/logout" className="text-center text-sm text-slate-600 underline">
            Not you? Sign out
          </Link>
        </div>
      </InviteLayout>
    );
  }
  return (
    <InviteLayout title={`Join ${invitation.workspaceName}`}>
      {intro}
      <div className="mt-5">
        {mode === "new" ? (
          <NewAccountForm token={token} email={invitation.email} onSignedIn={(s) => onSignedIn(s, true)} />
        ) : (
          <SignInForm email={invitation.email} onSignedIn={(s) => onSignedIn(s, false)} />
        )}
      </div>
      <p className="mt-5 text-center text-sm text-slate-600">
        {mode === "new" ? "Already have an account?" : "New to SiteSnag?"}{" "}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => setMode(mode === "new" ? "existing" : "new")}
        >
          {mode === "new" ? "Sign in to join" : "Create an account"}
        </button>
      </p>
    </InviteLayout>
  );
}
