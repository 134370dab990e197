import type { Member } from "@sitesnag/shared/users";
import { Key, Palette, Tags, UserPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { msg, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { initials } from "../../lib/format";
import { lazyDialog } from "../../lib/lazy-dialog";
import { toast } from "../../lib/toast";
import { useErrorToast } from "../../lib/use-error-toast";
import { useAuthStore } from "../../stores/auth-store";
import { useRemoveMember, useTeam } from "./api/team-api";
import { PendingInvitations } from "./components/pending-invitations";
import { RecentInvitations } from "./components/recent-invitations";

// Below the members: its own chunk, loaded after the page (first-load budget).
const ContactsSection = lazy(() =>
  import("../contacts/components/contacts-section").then((m) => ({ default: m.ContactsSection })),
);

const InviteDialog = lazyDialog(
  () => import("./components/invite-dialog").then((m) => m.InviteDialog),
  (p) => p.open,
);

const WORKSPACE_ROLES = { owner: msg("team.role.owner"), member: msg("team.role.member") } as const;

export function TeamPage() {
  const me = useAuthStore((s) => s.user);
  const team = useTeam();
  const remove = useRemoveMember();
  const t = useT();
  useErrorToast(team.error, t("team.loadFailed"));
  const [inviting, setInviting] = useState(false);
  const [target, setTarget] = useState<Member | null>(null);
  // The server's answer decides, not the stored session, which may predate a move.
  const isOwner = team.data?.members.some((m) => m.id === me?.id && m.workspaceRole === "owner") ?? false;
  const canInvite = isOwner && team.data?.workspace.isDemo === false;

  return (
    <>
      <PageHeader
        title={t("shell.nav.team")}
        subtitle={team.data ? t("team.subtitle", { workspace: team.data.workspace.name }) : t("team.subtitleAny")}
        actions={
          <>
            <Link to="/app/workspace" className={buttonClass("secondary")}>
              <Palette aria-hidden className="size-4" />
              {t("team.workspaceSettings")}
            </Link>
            {isOwner && (
              <Link to="/app/trades" className={buttonClass("secondary")}>
                <Tags aria-hidden className="size-4" />
                {t("trades.link")}
              </Link>
            )}
            {isOwner && (
              <Link to="/app/workspace/api-tokens" className={buttonClass("secondary")}>
                <Key aria-hidden className="size-4" />
                {t("workspace.tokens.link")}
              </Link>
            )}
            {canInvite && (
              <Button onClick={() => setInviting(true)}>
                <UserPlus aria-hidden className="size-4" />
                {t("team.invite")}
              </Button>
            )}
          </>
        }
      />
      {team.isPending ? (
        <LoadingState label={t("team.loading")} />
      ) : team.isError ? (
        <ErrorState
          message={errorMessage(team.error, t("team.loadFailed"))}
          onRetry={() => team.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : (
        <>
          {isOwner && team.data.workspace.isDemo && (
            <p className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">{t("team.demo")}</p>
          )}
          <ul
            aria-label={t("team.members")}
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
          >
            {team.data.members.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                >
                  {initials(m.firstName, m.lastName)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words font-medium text-slate-900">
                    {m.firstName} {m.lastName}
                    {m.id === me?.id && <span className="text-slate-500"> {t("team.you")}</span>}
                  </p>
                  <p className="break-all text-sm text-slate-600">{m.email}</p>
                </div>
                {m.twoFactor !== undefined && (
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${m.twoFactor ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}
                  >
                    {t(m.twoFactor ? "team.twoFactor.on" : "team.twoFactor.off")}
                  </span>
                )}
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                  {t(WORKSPACE_ROLES[m.workspaceRole])}
                </span>
                {isOwner && m.id !== me?.id && (
                  <Button
                    variant="secondary"
                    onClick={() => setTarget(m)}
                    aria-label={t("team.removeLabel", { name: `${m.firstName} ${m.lastName}` })}
                  >
                    {t("team.remove")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {isOwner && !team.data.workspace.isDemo && <PendingInvitations />}
          {isOwner && !team.data.workspace.isDemo && <RecentInvitations />}
          <Suspense fallback={<LoadingState label={t("contacts.loading")} />}>
            <ContactsSection />
          </Suspense>
        </>
      )}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={target !== null}
        title={t("team.removeConfirm.title")}
        message={t("team.removeConfirm.body", { name: `${target?.firstName ?? ""} ${target?.lastName ?? ""}` })}
        confirmLabel={t("team.remove")}
        isPending={remove.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: () => {
              toast.success(t("team.removed"));
              setTarget(null);
            },
            onError: (error) => toast.error(errorMessage(error, t("team.removeFailed"))),
          })
        }
      />
    </>
  );
}
