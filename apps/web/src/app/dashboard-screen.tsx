// The dashboard with what the audits feature adds to the first signed-in screen (features do not
// import each other; app/ composes them): while audits kept in this browser move up to the
// workspace (issue 25, decision 0027), a banner with their progress; and the audits made here that
// the workspace has not got yet, added to its Audits Run. The banner, the sync and the device's
// audit store load only when this user has audits in this browser, so the dashboard's first load
// is unchanged.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { useNotUploadedAudits } from "../features/audits/api/not-uploaded-audits";
import { useAuditSyncState } from "../features/audits/sync/sync-events";
import { countStoredAudits } from "../features/dashboard/api/dashboard-api";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { useAuthStore } from "../stores/auth-store";

const AuditUploadBanner = lazy(() =>
  import("../features/audits/sync/upload-banner").then((m) => ({ default: m.AuditUploadBanner })),
);

export function DashboardScreen() {
  const userId = useAuthStore((s) => s.user?.id);
  const hasAuditsHere = Boolean(userId) && countStoredAudits(userId ?? "") > 0;
  const notUploaded = useNotUploadedAudits(userId ?? "", hasAuditsHere);
  // Audits this device has just uploaded move from its own figure to the workspace's: read that again.
  const queryClient = useQueryClient();
  const { version, last } = useAuditSyncState();
  const uploaded = last?.synced ?? 0;
  useEffect(() => {
    if (version > 0 && uploaded > 0) void queryClient.invalidateQueries({ queryKey: ["dashboard"], exact: true });
  }, [version, uploaded, queryClient]);
  return (
    <>
      {userId && hasAuditsHere && (
        <Suspense fallback={null}>
          <AuditUploadBanner userId={userId} />
        </Suspense>
      )}
      <DashboardPage notUploadedAudits={notUploaded} />
    </>
  );
}
