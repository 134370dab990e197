// The Plans tab's "Make available offline": the size before, progress while downloading, and the
// storage used after; "Remove offline copy" gives the space back.
import type { Sheet } from "@sitesnag/shared/sheets";
import { useQueryClient } from "@tanstack/react-query";
import { CloudDownload } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { toast } from "../../../lib/toast";
import { projectPinsQuery, sheetQuery } from "../api/sheets-api";
import {
  formatBytes,
  makePlansOffline,
  type OfflineRecord,
  offlineRecord,
  offlineSize,
  removePlansOffline,
  storageUsed,
} from "../lib/offline-plans";

export function OfflinePlansBar({ projectId, sheets }: { projectId: string; sheets: Sheet[] }) {
  const t = useT();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [record, setRecord] = useState<OfflineRecord | undefined>(() => offlineRecord(projectId));
  const [progress, setProgress] = useState<number | null>(null);
  const [used, setUsed] = useState<string | null>(null);
  const size = offlineSize(sheets);
  if (size === 0 || typeof caches === "undefined") return null;

  const download = async () => {
    setProgress(0);
    try {
      // The reads the viewer needs, kept in the persisted query cache for offline starts.
      await Promise.all([
        ...sheets.map((s) => queryClient.fetchQuery(sheetQuery(s.id))),
        queryClient.fetchQuery(projectPinsQuery(projectId)),
      ]);
      const saved = await makePlansOffline(projectId, sheets, setProgress);
      setRecord(saved);
      const estimate = await storageUsed();
      setUsed(
        estimate
          ? t("plans.offline.usedOf", {
              used: formatBytes(estimate.usage, locale),
              quota: formatBytes(estimate.quota, locale),
            })
          : null,
      );
      toast.success(t("plans.offline.done"));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : t("plans.offline.failed"));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
      {record ? (
        <p role="status" className="text-slate-700">
          {t("plans.offline.available", { size: formatBytes(record.bytes, locale) })}
          {used ? ` · ${t("plans.offline.storageUsed", { used })}` : ""}.
        </p>
      ) : (
        <p className="text-slate-700">{t("plans.offline.keep")}</p>
      )}
      {progress !== null ? (
        <p role="status" className="font-medium text-slate-900">
          {t("plans.offline.downloading", { percent: Math.round(progress * 100) })}
        </p>
      ) : (
        <Button variant="secondary" onClick={download}>
          <CloudDownload aria-hidden className="size-4" />
          {record
            ? t("plans.offline.update", { size: formatBytes(size, locale) })
            : t("plans.offline.make", { size: formatBytes(size, locale) })}
        </Button>
      )}
      {record && progress === null && (
        <Button
          variant="secondary"
          onClick={() =>
            removePlansOffline(projectId, sheets).then(() => {
              setRecord(undefined);
              setUsed(null);
              toast.success(t("plans.offline.removed"));
            })
          }
        >
          {t("plans.offline.remove")}
        </Button>
      )}
    </div>
  );
}
