import { sectionProgress } from "@sitesnag/shared/audit-scoring";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import type { ReactNode } from "react";
import { useT } from "../../../i18n/use-t";

/** A checklist section with its answered-items progress. */
export function ChecklistSection({
  number,
  title,
  items,
  children,
}: {
  number: number;
  title: string;
  items: ChecklistItem[];
  children: ReactNode;
}) {
  const t = useT();
  const { done, total } = sectionProgress(items);
  const headingId = `section-${number}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="sticky top-16 z-10 -mx-1 rounded-lg bg-slate-50/95 px-1 py-2 backdrop-blur">
        {/* A longer language's "3 of 27 answered" goes under the title rather than past the phone's edge. */}
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <h3 id={headingId} className="min-w-0 text-base font-semibold text-slate-900">
            {number}. {title}
          </h3>
          <span className="shrink-0 text-sm text-slate-600">{t("audits.section.answered", { done, total })}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t("audits.section.progress", { title })}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${(done / total) * 100}%` }} />
        </div>
      </div>
      <ol className="space-y-3">{children}</ol>
    </section>
  );
}
