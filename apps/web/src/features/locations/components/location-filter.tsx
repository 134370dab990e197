// The reports list's location filter (issue 36): a project, then a location of its tree; the list
// then shows the reports at that location or anywhere under it. Its own chunk, loaded after the
// list (app/location-filter.tsx). Offline it reads the cached trees and hands the list the branch's
// ids, so the loaded pages are filtered the same way the server would.
import type { Project } from "@sitesnag/shared/projects";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { SelectField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { api } from "../../../lib/api-client";
import { useLocations } from "../api/locations-queries";
import { branchIds } from "../lib/location-tree";

export type LocationFilterProps = {
  projectId: string;
  locationId: string;
  onChange: (projectId: string, locationId: string) => void;
  /** The chosen location and everything under it, or null with no filter (or no tree to read). */
  onBranch: (ids: ReadonlySet<string> | null) => void;
};

export default function LocationFilter({ projectId, locationId, onChange, onBranch }: LocationFilterProps) {
  const t = useT();
  // The projects feature's list query (same key and answer), read without importing that feature.
  const projects = useQuery({
    queryKey: ["projects"],
    queryFn: async () => (await api<{ projects: Project[] }>("/projects")).projects,
  });
  const locations = useLocations(projectId);
  const list = locations.data;
  const branch = useMemo(
    () => (locationId && list?.some((l) => l.id === locationId) ? branchIds(list, locationId) : null),
    [list, locationId],
  );
  useEffect(() => onBranch(branch), [branch, onBranch]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label={t("locations.filter.project")}
        value={projectId}
        onChange={(e) => onChange(e.target.value, "")}
        className="sm:max-w-xs"
      >
        <option value="">{t("locations.filter.anyProject")}</option>
        {(projects.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      {projectId && (list?.length ?? 0) > 0 && (
        <SelectField
          label={t("locations.filter.location")}
          value={locationId}
          onChange={(e) => onChange(projectId, e.target.value)}
          className="sm:max-w-md"
        >
          <option value="">{t("locations.filter.anyLocation")}</option>
          {(list ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.path}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
