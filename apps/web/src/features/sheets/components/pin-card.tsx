import type { Report } from "@sitesnag/shared/snagging";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { PriorityBadge, ReportStatusBadge } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";

/**
 * The card of the pin tapped: what the snag is, and the way to it. Opened by a tap it takes the
 * focus; opened by "Next pin" (`focusOnOpen` false) the focus stays on that button, so the next
 * press goes on, and the card's text is announced by the page's status line instead.
 */
export function PinCard({
  report,
  focusOnOpen = true,
  onClose,
}: {
  report: Report;
  focusOnOpen?: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusFirst = useRef(focusOnOpen);
  useEffect(() => {
    if (focusFirst.current) heading.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="pin-card-title"
      className="fixed inset-x-3 bottom-20 z-30 rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:absolute sm:inset-x-auto sm:right-6 sm:bottom-auto sm:mt-3 sm:w-80 md:relative md:right-0"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="pin-card-title" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
          {report.title}
        </h2>
        <button
          type="button"
          aria-label={t("plans.closeCard")}
          onClick={onClose}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <ReportStatusBadge status={report.status} />
        <PriorityBadge priority={report.priority} />
      </div>
      {report.description && <p className="mt-2 line-clamp-3 text-sm text-slate-700">{report.description}</p>}
      <p className="mt-1 text-sm text-slate-600">Assigned to {report.assignedToName ?? "nobody"}</p>
      <Link to={`/app/snagging/${report.id}`} className="mt-3 inline-block font-medium text-blue-700 underline">
        Open report {report.title}
      </Link>
    </section>
  );
}
