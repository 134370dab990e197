import type { ProjectStatus } from "@sitesnag/shared/enums";
import { clsx } from "clsx";
import { capitalise } from "../../../lib/format";

const STYLES: Record<ProjectStatus, string> = {
  active: "bg-emerald-100 text-emerald-800",
  completed: "bg-sky-100 text-sky-800",
  archived: "bg-slate-200 text-slate-700",
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className={clsx("rounded-full px-2.5 py-0.5 text-xs font-semibold", STYLES[status])}>
      {capitalise(status)}
    </span>
  );
}
