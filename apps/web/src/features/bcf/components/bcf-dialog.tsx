import { BCF_EXPORT_VERSIONS, type BcfExportVersion, type BcfImportResult } from "@sitesnag/shared/bcf";
import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import { FileDown, FileUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button";
import { CONTROL } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useExportBcf } from "../api/export-bcf";
import { useImportBcf } from "../api/import-bcf";

export type BcfDialogProps = {
  open: boolean;
  projectId: string;
  /** The list's current filters: the export takes the same (docs/bcf.md). */
  filter: { status?: ReportStatus | undefined; priority?: Priority | undefined };
  onClose: () => void;
};

/** Export a .bcfzip (version 2.1 or 3.0) and import one, with what the import did (issue 38). */
export function BcfDialog({ open, projectId, filter, onClose }: BcfDialogProps) {
  const t = useT();
  return (
    <Modal open={open} title={t("projects.bcf.title")} onClose={onClose}>
      <div className="space-y-6">
        <BcfExport projectId={projectId} filter={filter} />
        <BcfImport projectId={projectId} />
      </div>
    </Modal>
  );
}

function BcfExport({ projectId, filter }: Omit<BcfDialogProps, "open" | "onClose">) {
  const t = useT();
  const download = useExportBcf();
  const [version, setVersion] = useState<BcfExportVersion>("3.0");
  const isFiltered = Boolean(filter.status || filter.priority);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    download.mutate(
      { projectId, query: { version, status: filter.status, priority: filter.priority } },
      {
        onSuccess: () => void toast.success(t("projects.bcf.downloaded")),
        onError: (error) => void toast.error(errorMessage(error, t("projects.bcf.downloadFailed"))),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="bcf-export" className="space-y-3">
      <h3 id="bcf-export" className="text-base font-semibold text-slate-900">
        {t("projects.bcf.export.heading")}
      </h3>
      <p className="text-sm text-slate-600">{t("projects.bcf.export.body")}</p>
      {isFiltered && <p className="text-sm text-slate-600">{t("projects.bcf.export.filtered")}</p>}
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t("projects.bcf.version")}</legend>
        <div className="flex flex-wrap gap-2">
          {[...BCF_EXPORT_VERSIONS].reverse().map((v) => (
            <label
              key={v}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name="bcfVersion" value={v} checked={version === v} onChange={() => setVersion(v)} />
              {v === "3.0" ? t("projects.bcf.version30") : t("projects.bcf.version21")}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" isLoading={download.isPending}>
          {!download.isPending && <FileDown aria-hidden className="size-4" />}
          {t("projects.bcf.download")}
        </Button>
      </div>
    </form>
  );
}

function BcfImport({ projectId }: { projectId: string }) {
  const t = useT();
  const upload = useImportBcf();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [result, setResult] = useState<BcfImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    setFailure(null);
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate(
      { projectId, file },
      {
        onSuccess: (answer) => setResult(answer),
        onError: (error) => setFailure(errorMessage(error, t("projects.bcf.importFailed"))),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} aria-labelledby="bcf-import" className="space-y-3 border-t border-slate-200 pt-5">
      <h3 id="bcf-import" className="text-base font-semibold text-slate-900">
        {t("projects.bcf.import.heading")}
      </h3>
      <p className="text-sm text-slate-600">{t("projects.bcf.import.body")}</p>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          {t("projects.bcf.file")}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".bcfzip,.bcf,.zip,application/zip"
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${inputId}-error` : undefined}
          className={CONTROL}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setMissing(false);
          }}
        />
        {missing && (
          <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
            {t("projects.bcf.chooseFile")}
          </p>
        )}
      </div>
      <div role="status" aria-live="polite">
        {result && (
          <div className="rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200">
            <p className="font-semibold">
              {t("projects.bcf.imported", { created: result.created, updated: result.updated })}
            </p>
            <p>{t("projects.bcf.importedDetail", { comments: result.comments, photos: result.photos })}</p>
          </div>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" isLoading={upload.isPending}>
          {!upload.isPending && <FileUp aria-hidden className="size-4" />}
          {t("projects.bcf.import")}
        </Button>
      </div>
    </form>
  );
}
