// "Your change to Priority (High) was replaced by Sam's (Critical) at 14:02" with one-tap Restore
// (issue 23): shown on the report to the person whose change was overwritten, until the field
// changes again, they restore it, or they choose to keep the other value (remembered on this device).
import type { Overwrite } from "@sitesnag/shared/activity";
import { History } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { useOverwrites } from "../api/get-overwrites";
import { useRestoreOverwrite } from "../api/restore-overwrite";
import { overwriteSentence, readKept, rememberKept } from "../kept-overwrites";

export function OverwriteNotices({ reportId, version }: { reportId: string; version: number }) {
  const t = useT();
  const locale = useLocale();
  const overwrites = useOverwrites(reportId);
  const restore = useRestoreOverwrite(reportId);
  const [kept, setKept] = useState(readKept);
  const shown = (overwrites.data ?? []).filter((o) => !kept.includes(o.entryId));
  if (shown.length === 0) return null;

  const keepTheirs = (o: Overwrite) => setKept(rememberKept(o.entryId, kept));
  return (
    <section aria-label={t("snagging.overwrite.label")} className="mb-4 space-y-2">
      {shown.map((o) => (
        <div
          key={o.entryId}
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
        >
          <History aria-hidden className="hidden size-5 shrink-0 text-amber-700 sm:block" />
          <p className="min-w-0 flex-1 break-words text-sm text-amber-900">{overwriteSentence(t, locale, o)}</p>
          <div className="flex shrink-0 gap-2">
            <Button
              isLoading={restore.isPending && restore.variables?.overwrite.entryId === o.entryId}
              disabled={restore.isPending}
              onClick={() => restore.mutate({ overwrite: o, version })}
            >
              {t("snagging.overwrite.restore")}
            </Button>
            <Button variant="secondary" onClick={() => keepTheirs(o)}>
              {t("snagging.overwrite.keep")}
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
