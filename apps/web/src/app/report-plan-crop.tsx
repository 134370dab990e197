// A report's crop of its drawing on the report detail, composed here so the snagging feature does
// not import the sheets feature; a lazy chunk fetched only for reports that have a pin.
import type { Report } from "@sitesnag/shared/snagging";
import { lazy, Suspense } from "react";

const PlanCrop = lazy(() => import("../features/sheets/components/plan-crop").then((m) => ({ default: m.PlanCrop })));

export function ReportPlanCrop({ report }: { report: Report }) {
  if (!report.sheetId || report.pinX === null || report.pinY === null) return null;
  return (
    <Suspense fallback={null}>
      <PlanCrop
        projectId={report.projectId}
        sheetId={report.sheetId}
        x={report.pinX}
        y={report.pinY}
        status={report.status}
      />
    </Suspense>
  );
}
