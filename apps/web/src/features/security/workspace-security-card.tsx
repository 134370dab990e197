import { Link } from "react-router";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { ProfileCard } from "../profile/profile-card";
import { useSaveWorkspaceSecurity, useWorkspaceSecurity } from "./api/security-api";

/** Workspace settings → Sign-in security: the owner's "require two-factor" switch and the workspace's log. */
export function WorkspaceSecurityCard({ isOwner }: { isOwner: boolean }) {
  const t = useT();
  const policy = useWorkspaceSecurity();
  const save = useSaveWorkspaceSecurity();
  let body: React.ReactNode;
  if (policy.isPending) body = <LoadingState label={t("security.loading")} />;
  else if (policy.isError)
    body = (
      <ErrorState
        message={t("security.card.loadFailed")}
        retryLabel={t("security.retry")}
        onRetry={() => policy.refetch()}
      />
    );
  else
    body = (
      <div className="space-y-3 text-sm text-slate-600">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={policy.data.requireMfa}
            disabled={!isOwner || save.isPending}
            onChange={(event) =>
              save.mutate(
                { requireMfa: event.target.checked },
                {
                  onSuccess: () => toast.success(t("security.policy.saved")),
                  onError: (err) => toast.error(errorMessage(err, t("security.policy.failed"))),
                },
              )
            }
          />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{t("security.policy.require")}</span>
            {t("security.policy.hint")}
          </span>
        </label>
        {isOwner && (
          <p>
            <Link to="/app/security-log?workspace=1" className="font-medium text-brand-700 underline">
              {t("security.log.workspaceTitle")}
            </Link>
          </p>
        )}
      </div>
    );
  return <ProfileCard title={t("security.policy.title")}>{body}</ProfileCard>;
}
