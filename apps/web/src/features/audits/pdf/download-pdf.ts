// Download PDF: the server's audit PDF (GET /api/audits/{id}/pdf, decision 0026) saved as a file.
import { apiFetch } from "../../../lib/api-client";

export async function downloadAuditPdf(serverId: string, projectName: string): Promise<void> {
  const res = await apiFetch(`/audits/${encodeURIComponent(serverId)}/pdf`);
  const url = URL.createObjectURL(await res.blob());
  const slug =
    projectName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "audit";
  const link = document.createElement("a");
  link.href = url;
  link.download = `site-audit-${slug}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
