import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { downloadUsersCsv } from "../api/admin-api";

export function ExportTab() {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadUsersCsv();
      toast.success("CSV exported successfully");
    } catch (error) {
      toast.error(errorMessage(error, "Export failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">Users and memberships</h2>
      <p className="mt-1 text-sm text-slate-600">
        One row per user with their workspace, role, membership type, status, dates and amount. Cells that a spreadsheet
        would run as a formula are prefixed with an apostrophe.
      </p>
      <Button className="mt-4" onClick={exportCsv} isLoading={busy}>
        <Download aria-hidden className="size-4" />
        Export CSV
      </Button>
    </section>
  );
}
