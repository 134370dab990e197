// The dashboard with what the audits feature adds to the first signed-in screen (features do not
// import each other; app/ composes them): while audits kept in this browser move up to the
// workspace (issue 25, decision 0027), a banner with their progress. The banner and the sync load
// only when this user has audits in this browser, so the dashboard's first load is unchanged.
import { lazy, Suspense } from "react";
import { countStoredAudits } from "../features/dashboard/api/dashboard-api";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { useAuthStore } from "../stores/auth-store";

const AuditUploadBanner = lazy(() =>
  import("../features/audits/sync/upload-banner").then((m) => ({ default: m.AuditUploadBanner })),
);

export function DashboardScreen() {
  const userId = useAuthStore((s) => s.user?.id);
  return (
    <>
      {userId && countStoredAudits(userId) > 0 && (
        <Suspense fallback={null}>
          <AuditUploadBanner userId={userId} />
        </Suspense>
      )}
      <DashboardPage />
    </>
  );
}
