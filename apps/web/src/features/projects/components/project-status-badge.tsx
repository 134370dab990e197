import type { ProjectStatus } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import { msg, useT } from "../../../i18n/use-t";

const STYLES: Record<ProjectStatus, string> = {
  active: "bg-emerald-100 text-emerald-800",
  completed: "bg-sky-100 text-sky-800",
  archived: "bg-slate-200 text-slate-700",
};

export const PROJECT_STATUS_LABELS = {
  active: msg("projects.status.active"),
  completed: msg("projects.status.completed"),
  archived: msg("projects.status.archived"),
} as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const t = useT();
  return (
    <span className={clsx("rounded-full px-2.5 py-0.5 text-xs font-semibold", STYLES[status])}>
      {t(PROJECT_STATUS_LABELS[status])}
    </span>
  );
}
