import type { Project } from "@sitesnag/shared/projects";
import { Building2, MapPin } from "lucide-react";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t";
import { ProjectStatusBadge } from "./project-status-badge";

export function ProjectCard({ project }: { project: Project }) {
  const t = useT();
  return (
    <li>
      <Link
        to={`/app/projects/${project.id}`}
        className="block h-full rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-600"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 break-words font-semibold text-slate-900">{project.name}</h2>
          <ProjectStatusBadge status={project.status} />
        </div>
        {project.description && <p className="mt-2 line-clamp-2 text-sm text-slate-600">{project.description}</p>}
        <dl className="mt-3 space-y-1 text-sm text-slate-600">
          {project.location && (
            <div className="flex items-center gap-2">
              <dt>
                <MapPin aria-label={t("projects.location")} className="size-4" />
              </dt>
              <dd className="truncate">{project.location}</dd>
            </div>
          )}
          {project.clientName && (
            <div className="flex items-center gap-2">
              <dt>
                <Building2 aria-label={t("projects.client")} className="size-4" />
              </dt>
              <dd className="truncate">{project.clientName}</dd>
            </div>
          )}
        </dl>
      </Link>
    </li>
  );
}
