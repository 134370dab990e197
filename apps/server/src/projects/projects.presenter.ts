import type { Project } from "@sitesnag/shared/projects";
import type { ShownProjectRow } from "./projects.repository";

export const presentProject = (row: ShownProjectRow): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  location: row.location,
  clientName: row.client_name,
  status: row.status,
  requireEvidenceToClose: row.require_evidence_to_close === 1,
  verifiedClosing: row.verified_closing === 1,
  createdAt: row.created_at,
});
