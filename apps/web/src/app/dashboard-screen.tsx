// The dashboard with what the audits feature adds to the first signed-in screen (features do not
// import each other; app/ composes them): while audits kept in this browser move up to the
// workspace (issue 25, decision 0027), a banner with their progress; and the audits made here that
// the workspace has not got yet, added to its Audits Run (the server counts the others). The
// banner, the sync and the device's audit store load only when this user has audits in this
// browser, so the dashboard's first load is unchanged.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback } from "react";
import { countStoredAudits } from "../features/dashboard/api/dashboard-api";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { useAuthStore } from "../stores/auth-store";
import { DashboardInsight } from "./dashboard-insight";

const AuditListSync = lazy(() =>
  import("../features/audits/sync/upload-banner").then((m) => ({ default: m.AuditListSync })),
);
const countNotUploaded = (userId: string) =>
  import("../features/audits/api/not-uploaded-audits").then((m) => m.countNotUploadedAudits(userId));

export function DashboardScreen() {
  const userId = useAuthStore((s) => s.user?.id) ?? "";
  const hasAuditsHere = userId !== "" && countStoredAudits(userId) > 0;
  const notUploaded = useQuery({
    queryKey: ["audits", userId, "not-uploaded"],
    queryFn: () => countNotUploaded(userId),
    enabled: hasAuditsHere,
    networkMode: "always",
    staleTime: 0,
  });
  // After each sync run, audits this device uploaded move from its own figure to the workspace's.
  const queryClient = useQueryClient();
  const onSynced = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["dashboard"], exact: true });
    void queryClient.invalidateQueries({ queryKey: ["audits", userId, "not-uploaded"] });
  }, [queryClient, userId]);
  return (
    <>
      {hasAuditsHere && (
        <Suspense fallback={null}>
          <AuditListSync userId={userId} onSynced={onSynced} />
        </Suspense>
      )}
      <DashboardPage notUploadedAudits={hasAuditsHere ? (notUploaded.data ?? 0) : 0} />
      <DashboardInsight />
    </>
  );
}
