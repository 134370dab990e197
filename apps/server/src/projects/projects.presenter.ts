import type { Project } from "@sitesnag/shared/projects";
import type { ShownProjectRow } from "./projects.repository";

export const presentProject = (row: ShownProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  location: row.location,
  clientName: row.client_name,
  status: row.status,
  createdAt: row.created_at,
});
