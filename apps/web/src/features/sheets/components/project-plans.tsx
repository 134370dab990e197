// The project page's Plans tab: the project's sheets (thumbnail, level, state, pins per status)
// and the upload of a drawing set. Loaded lazily by the project page, with none of the viewer.
import { MAX_SHEET_FILE_BYTES, type Sheet } from "@sitesnag/shared/sheets";
import { FileUp, MapPin } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { EmptyState, ErrorState, LoadingState } from "../../../components/states";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useProjectSheets, useUploadSheets } from "../api/sheets-api";
import { PIN_COLOURS } from "../lib/pin-math";
import { OfflinePlansBar } from "./offline-plans-bar";

const PIN_STATUS: Record<keyof typeof PIN_COLOURS, Message> = {
  open: msg("plans.pinStatus.open"),
  "in-progress": msg("plans.pinStatus.inProgress"),
  resolved: msg("plans.pinStatus.resolved"),
  closed: msg("plans.pinStatus.closed"),
};

function SheetCard({ projectId, sheet }: { projectId: string; sheet: Sheet }) {
  const t = useT();
  const pins = Object.values(sheet.pinCounts).reduce((a, b) => a + b, 0);
  return (
    <li className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <Link
        to={`/app/projects/${projectId}/sheets/${sheet.id}`}
        className="block focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
          {sheet.thumbnailUrl ? (
            <img src={sheet.thumbnailUrl} alt="" className="max-h-full max-w-full object-contain" loading="lazy" />
          ) : (
            <span className="px-3 text-center text-sm text-slate-600">
              {sheet.status === "failed" ? t("plans.card.failed") : t("plans.card.preparing")}
            </span>
          )}
        </div>
        <div className="p-3">
          <p className="font-semibold text-slate-900">{sheet.name}</p>
          <p className="text-sm text-slate-600">
            {[sheet.level, t("plans.card.rev", { revision: sheet.revision })].filter(Boolean).join(" · ")}
          </p>
          {sheet.status === "failed" && <p className="mt-1 text-sm text-red-700">{sheet.failureReason}</p>}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-700">
            <MapPin aria-hidden className="size-3.5" />
            <span>{t("plans.pins", { count: pins })}</span>
            {(Object.entries(sheet.pinCounts) as [keyof typeof PIN_COLOURS, number][]).map(([status, n]) =>
              n > 0 ? (
                <span key={status} className="inline-flex items-center gap-1">
                  <span
                    aria-hidden
                    className="inline-block size-2.5 rounded-full"
                    style={{ background: PIN_COLOURS[status] }}
                  />
                  {t(PIN_STATUS[status], { count: n })}
                </span>
              ) : null,
            )}
          </p>
        </div>
      </Link>
    </li>
  );
}

export function ProjectPlans({ projectId }: { projectId: string }) {
  const t = useT();
  const sheets = useProjectSheets(projectId);
  const upload = useUploadSheets(projectId);
  const input = useRef<HTMLInputElement>(null);
  const [level, setLevel] = useState("");

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_SHEET_FILE_BYTES) {
      toast.error(t("plans.upload.tooLarge", { mb: MAX_SHEET_FILE_BYTES / 1024 / 1024 }));
      return;
    }
    upload.mutate(
      { file, level },
      {
        onSuccess: (made) =>
          toast.success(made.length === 1 ? t("plans.upload.one") : t("plans.upload.many", { count: made.length })),
        onError: (error) => toast.error(errorMessage(error, t("plans.upload.failed"))),
      },
    );
  };

  return (
    <section aria-labelledby="plans-heading" className="mt-6">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
          {t("plans.title")}
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium text-slate-700">
            {t("plans.upload.level")}
            <input
              value={level}
              maxLength={100}
              onChange={(e) => setLevel(e.target.value)}
              className="mt-1 block w-44 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </label>
          <Button isLoading={upload.isPending} onClick={() => input.current?.click()}>
            <FileUp aria-hidden className="size-4" />
            {t("plans.upload.button")}
          </Button>
          <input
            ref={input}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            className="sr-only"
            tabIndex={-1}
            aria-label={t("plans.upload.file")}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </div>
      </div>
      {sheets.isPending ? (
        <LoadingState label={t("plans.loadingList")} />
      ) : sheets.isError && !sheets.data ? (
        <ErrorState message={t("plans.loadListFailed")} onRetry={() => sheets.refetch()} />
      ) : sheets.data.length === 0 ? (
        <EmptyState title={t("plans.empty.title")}>{t("plans.empty.body")}</EmptyState>
      ) : (
        <>
          <OfflinePlansBar projectId={projectId} sheets={sheets.data} />
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sheets.data.map((sheet) => (
              <SheetCard key={sheet.id} projectId={projectId} sheet={sheet} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
