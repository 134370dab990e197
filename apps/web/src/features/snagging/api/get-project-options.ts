import type { Project } from "@sitesnag/shared/projects";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** The projects to report against; the same query key as the projects screens, so the cache is shared. */
export const useProjectOptions = () =>
  useQuery({
    queryKey: ["projects"],
    queryFn: async () => (await api<{ projects: Project[] }>("/projects")).projects,
  });
