import { REPORT_STATUSES, type ReportStatus } from "@sitesnag/shared/enums";
import { Check } from "lucide-react";
import { Button } from "../../../components/button";
import { STATUS_LABELS } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";

/**
 * One button per status; the current one is disabled (SPEC §4: any other status, in any order).
 * Issue 23: on a project with verified closing, Closed is offered only to whom the server allows.
 */
export function StatusChanger({
  current,
  pending,
  onChange,
  canClose = true,
}: {
  current: ReportStatus;
  pending: ReportStatus | null;
  onChange: (status: ReportStatus) => void;
  canClose?: boolean;
}) {
  const t = useT();
  const offered = REPORT_STATUSES.filter((s) => s !== "closed" || canClose || current === "closed");
  return (
    <section aria-labelledby="change-status" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="change-status" className="text-sm font-semibold text-slate-900">
        {t("snagging.detail.changeStatus")}
      </h2>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {offered.map((status) =>
          status === current ? (
            // The current status reads as chosen, not as a greyed-out action.
            <button
              key={status}
              type="button"
              disabled
              aria-current="true"
              className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg border-2 border-brand-700 bg-brand-50 px-2 text-sm font-semibold text-brand-800"
            >
              <Check aria-hidden className="size-4" />
              {t(STATUS_LABELS[status])}
            </button>
          ) : (
            <Button
              key={status}
              variant="secondary"
              disabled={pending !== null}
              isLoading={pending === status}
              onClick={() => onChange(status)}
              className="px-2"
            >
              {t(STATUS_LABELS[status])}
            </Button>
          ),
        )}
      </div>
      {!canClose && current !== "closed" && (
        <p className="mt-2 text-xs text-slate-600">{t("snagging.detail.whoCloses")}</p>
      )}
    </section>
  );
}
