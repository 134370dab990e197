// The project page's Plans tab, composed here so the projects feature does not import the sheets
// feature: a lazy chunk (the sheet list and upload only; the viewer has its own route chunk).
import { lazy, Suspense } from "react";
import { LoadingState } from "../components/states";
import { useT } from "../i18n/use-t";

const ProjectPlans = lazy(() =>
  import("../features/sheets/components/project-plans").then((m) => ({ default: m.ProjectPlans })),
);

export function ProjectPlansTab({ projectId }: { projectId: string }) {
  const t = useT();
  return (
    <Suspense fallback={<LoadingState label={t("plans.loadingList")} />}>
      <ProjectPlans projectId={projectId} />
    </Suspense>
  );
}
