// The workspace overview's filters (issue 37): one project or all, and the date range the weekly
// series covers (the last 12 weeks when none is given). Kept in the URL, so a view can be shared.
import { useT } from "../../../i18n/use-t";
import { useProjectNames } from "../api/get-overview";

type Props = {
  projectId: string | undefined;
  from: string | undefined;
  to: string | undefined;
  onChange: (changes: { projectId?: string | undefined; from?: string | undefined; to?: string | undefined }) => void;
};

const field =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm";

export function OverviewFilters({ projectId, from, to, onChange }: Props) {
  const t = useT();
  const projects = useProjectNames();
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-3">
      <label className="block text-sm font-medium text-slate-700">
        {t("insight.filter.project")}
        <select
          className={`mt-1 ${field}`}
          value={projectId ?? ""}
          onChange={(e) => onChange({ projectId: e.target.value || undefined })}
        >
          <option value="">{t("insight.filter.allProjects")}</option>
          {projects.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          {projectId && !projects.data?.some((p) => p.id === projectId) && <option value={projectId}>…</option>}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t("insight.filter.from")}
        <input
          type="date"
          className={`mt-1 ${field}`}
          value={from ?? ""}
          max={to}
          onChange={(e) => onChange({ from: e.target.value || undefined })}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        {t("insight.filter.to")}
        <input
          type="date"
          className={`mt-1 ${field}`}
          value={to ?? ""}
          min={from}
          onChange={(e) => onChange({ to: e.target.value || undefined })}
        />
      </label>
    </div>
  );
}
