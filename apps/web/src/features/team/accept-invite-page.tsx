import type { AuthResponse } from "@sitesnag/shared/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { forgetQueryCache } from "../../app/persisted-query-cache";
import { Button } from "../../components/button";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateFor } from "../../lib/format";
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
  const t = useT();
  const locale = useLocale();
  const workspace = preview.data?.workspaceName;
  const join = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (joined) => {
      setUser(joined);
      // Everything cached belonged to the workspace just left.
      queryClient.clear();
      toast.success(workspace ? t("team.join.joined", { workspace }) : t("team.join.joinedTeam"));
      navigate("/app/team", { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error, t("team.join.failed"))),
  });
  const onSignedIn = (session: AuthResponse, joined: boolean) => {
    queryClient.clear();
    void forgetQueryCache();
    signIn(session);
    if (joined) {
      toast.success(workspace ? t("team.join.welcome", { workspace }) : t("team.join.welcomeTeam"));
      navigate("/app/dashboard", { replace: true });
    }
  };

  if (preview.isPending)
    return (
      <InviteLayout title={t("team.join.invitation")}>
        <LoadingState label={t("team.join.checking")} />
      </InviteLayout>
    );
  if (preview.isError) {
    return (
      <InviteLayout title={t("team.join.invitation")}>
        <ErrorState message={errorMessage(preview.error, t("team.join.invalid"))} />
        <p className="mt-4 text-center text-sm text-slate-600">{t("team.join.askNew")}</p>
      </InviteLayout>
    );
  }
  const invitation = preview.data;
  const inviter = invitation.invitedByName ?? t("team.join.aTeammate");
  const intro = (
    <p className="text-sm text-slate-700">
      {invitation.email
        ? t("team.join.introAs", { name: inviter, workspace: invitation.workspaceName, email: invitation.email })
        : t("team.join.intro", { name: inviter, workspace: invitation.workspaceName })}{" "}
      {t("team.join.expires", { date: formatDateFor(locale, invitation.expiresAt) })}
    </p>
  );
  if (user) {
    const wrongAddress = invitation.email !== null && invitation.email !== user.email.toLowerCase();
    return (
      <InviteLayout title={t("team.join.title", { workspace: invitation.workspaceName })}>
        {intro}
        <p className="mt-3 text-sm text-slate-700">
          {t("team.join.signedInAs")} <strong>{user.email}</strong>.
        </p>
        {wrongAddress ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {t("team.join.wrongAddress", { email: invitation.email ?? "" })}
          </p>
        ) : (
          <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t("team.join.moveWarning")}
          </div>
        )}
        <div className="mt-5 flex flex-col gap-2">
          {!wrongAddress && (
            <Button onClick={() => join.mutate()} isLoading={join.isPending}>
              {t("team.join.move")}
            </Button>
          )}
          <Link to="/logout" className="text-center text-sm text-slate-600 underline">
            {t("team.join.notYou")}
          </Link>
        </div>
      </InviteLayout>
    );
  }
  return (
    <InviteLayout title={t("team.join.title", { workspace: invitation.workspaceName })}>
      {intro}
      <div className="mt-5">
        {mode === "new" ? (
          <NewAccountForm token={token} email={invitation.email} onSignedIn={(s) => onSignedIn(s, true)} />
        ) : (
          <SignInForm email={invitation.email} onSignedIn={(s) => onSignedIn(s, false)} />
        )}
      </div>
      <p className="mt-5 text-center text-sm text-slate-600">
        {mode === "new" ? t("auth.signUp.haveAccount") : t("auth.signIn.newHere")}{" "}
        <button
          type="button"
          className="font-semibold text-brand-700 underline"
          onClick={() => setMode(mode === "new" ? "existing" : "new")}
        >
          {mode === "new" ? t("team.join.signInToJoin") : t("auth.signIn.createAccount")}
        </button>
      </p>
    </InviteLayout>
  );
}
