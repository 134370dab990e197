import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { downloadUsersCsv } from "../api/admin-api";

export function ExportTab() {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadUsersCsv();
      toast.success(t("admin.export.done"));
    } catch (error) {
      toast.error(errorMessage(error, t("admin.export.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{t("admin.export.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("admin.export.body")}</p>
      <Button className="mt-4" onClick={exportCsv} isLoading={busy}>
        <Download aria-hidden className="size-4" />
        {t("admin.export.action")}
      </Button>
    </section>
  );
}
