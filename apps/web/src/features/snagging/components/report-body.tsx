// The report detail's body (status buttons, photo cards, project, location and details), in a chunk
// of its own: snagging-detail-page.tsx fetches it as its module starts, beside the offline-queue
// check that the screen waits for before it shows anything (issue 7, first-load budgets).
import type { ReportStatus } from "@sitesnag/shared/enums";
import type { Report } from "@sitesnag/shared/snagging";
import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { ReportContactLink } from "../../../app/report-contact-link";
import { ReportPlanCrop } from "../../../app/report-plan-crop";
import { useT } from "../../../i18n/use-t";
import { photoEntries } from "../photo-entries";
import { FixPhotos } from "./fix-photos";
import { LocationBlock } from "./location-block";
import { PhotoGallery } from "./photo-gallery";
import { ReportDetails } from "./report-details";
import { StatusChanger } from "./status-changer";

type Props = {
  report: Report;
  pendingStatus: ReportStatus | null;
  onChangeStatus: (status: ReportStatus) => void;
  /** Whether this person may set `closed` (issue 23: verified closing). */
  canClose?: boolean;
  /** Verification, when the report waits for this person's (composed by app/). */
  workflow?: React.ReactNode;
};

export function ReportBody({ report: r, pendingStatus, onChangeStatus, canClose = true, workflow }: Props) {
  const t = useT();
  return (
    // Phones read status, photos, then the facts; from lg the photos take the left two thirds.
    <div className="grid gap-5 lg:grid-cols-3 lg:grid-rows-[auto_1fr] lg:items-start">
      <div className="space-y-4 lg:col-start-3 lg:row-start-1">
        {workflow}
        <StatusChanger current={r.status} pending={pendingStatus} onChange={onChangeStatus} canClose={canClose} />
      </div>
      <div className="lg:col-span-2 lg:col-start-1 lg:row-span-2 lg:row-start-1">
        <PhotoGallery entries={photoEntries(r)} />
        <FixPhotos report={r} />
      </div>
      <div className="space-y-4 lg:col-start-3 lg:row-start-2">
        <Link
          to={`/app/projects/${r.projectId}`}
          className="flex min-h-11 items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
        >
          <Building2 aria-hidden className="size-5 shrink-0 text-brand-700" />
          <span className="min-w-0">
            <span className="block text-xs text-slate-500">{t("snagging.field.project")}</span>
            <span className="block truncate font-semibold text-slate-900">{r.projectName}</span>
          </span>
        </Link>
        <LocationBlock lat={r.locationLat} lng={r.locationLng} />
        <ReportPlanCrop report={r} />
        <ReportDetails report={r} />
        <ReportContactLink report={r} />
      </div>
    </div>
  );
}
