import type { SessionInfo } from "@sitesnag/shared/mfa";
import { useState } from "react";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../components/states";
import { useLocale, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { formatDateTimeFor } from "../../lib/format";
import { toast } from "../../lib/toast";
import { ProfileCard } from "../profile/profile-card";
import { useEndSession, useSessions } from "./api/security-api";

/** Profile → Signed-in devices: each session's device, address and last use; sign any out. */
export function SessionsCard() {
  const t = useT();
  const locale = useLocale();
  const sessions = useSessions();
  const end = useEndSession();
  const [ending, setEnding] = useState<SessionInfo | null>(null);
  const deviceOf = (s: SessionInfo) => s.device ?? t("security.sessions.unknownDevice");

  let body: React.ReactNode;
  if (sessions.isPending) body = <LoadingState label={t("security.loading")} />;
  else if (sessions.isError)
    body = (
      <ErrorState
        message={t("security.card.loadFailed")}
        retryLabel={t("security.retry")}
        onRetry={() => sessions.refetch()}
      />
    );
  else
    body = (
      <ul className="divide-y divide-slate-100">
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {deviceOf(s)}
                {s.current && (
                  <span className="ms-2 rounded bg-brand-50 px-1.5 text-xs text-brand-700">
                    {t("security.sessions.current")}
                  </span>
                )}
              </p>
              <p className="text-slate-600">
                {s.ip ? `${t("security.log.address", { ip: s.ip })} · ` : ""}
                {t("security.sessions.lastUsed", { date: formatDateTimeFor(locale, s.lastUsedAt) })}
              </p>
            </div>
            {!s.current && (
              <Button
                variant="secondary"
                onClick={() => setEnding(s)}
                aria-label={`${t("security.sessions.end")}: ${deviceOf(s)}`}
              >
                {t("security.sessions.end")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <ProfileCard title={t("security.sessions.title")}>
      {body}
      <ConfirmDialog
        open={ending !== null}
        title={t("security.sessions.end")}
        message={ending ? t("security.sessions.endConfirm", { device: deviceOf(ending) }) : ""}
        confirmLabel={t("security.sessions.end")}
        isPending={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() =>
          ending &&
          end.mutate(ending.id, {
            onSuccess: () => {
              toast.success(t("security.sessions.ended"));
              setEnding(null);
            },
            onError: (err) => toast.error(errorMessage(err, t("security.card.loadFailed"))),
          })
        }
      />
    </ProfileCard>
  );
}
