import { MAX_CSV_BYTES } from "@sitesnag/shared/audit-template-model";
import { useId, useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { type Translate, useT } from "../../../i18n/use-t";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useImportTemplate } from "../api/templates-api";

type Props = { open: boolean; onClose: () => void; onImported: (id: string) => void };

/** A template from a CSV file (section, question, guidance, answer set); each problem named by its row. */
export function ImportTemplateModal({ open, onClose, onImported }: Props) {
  const t = useT();
  return (
    <Modal open={open} title={t("audits.import.title")} onClose={onClose}>
      <ImportForm onClose={onClose} onImported={onImported} />
    </Modal>
  );
}

// The CSV's column names stay as the file must spell them, in bold within the translated sentence.
const MARK = "\u0000";
function Help({ t }: { t: Translate }) {
  const column = (name: string) => `${MARK}${name}${MARK}`;
  const text = t("audits.import.help", {
    section: column("section"),
    question: column("question"),
    guidance: column("guidance"),
    answerSet: column("answer set"),
    unit: column("unit"),
    weight: column("weight"),
  });
  return (
    <p className="text-sm text-slate-700">
      {text.split(MARK).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
        i % 2 === 1 ? <strong key={i}>{part}</strong> : part,
      )}
    </p>
  );
}

function ImportForm({ onClose, onImported }: Omit<Props, "open">) {
  const t = useT();
  const importTemplate = useImportTemplate();
  const [name, setName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [clientId] = useState(() => crypto.randomUUID());
  const fileId = useId();
  const errorsId = useId();

  const submit = async () => {
    const problems = [
      ...(name.trim() ? [] : [t("audits.import.needName")]),
      ...(file ? [] : [t("audits.import.needFile")]),
      ...(file && file.size > MAX_CSV_BYTES ? [t("audits.import.tooLarge", { kb: MAX_CSV_BYTES / 1024 })] : []),
    ];
    setErrors(problems);
    if (problems.length > 0 || !file) return;
    const csv = await file.text();
    importTemplate.mutate(
      { name: name.trim(), csv, clientId },
      {
        onSuccess: ({ template }) => onImported(template.id),
        onError: (error) => {
          const rows = error instanceof ApiError ? error.body?.details?.csv : undefined;
          setErrors(rows?.length ? rows : [errorMessage(error, t("audits.import.failed"))]);
        },
      },
    );
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Help t={t} />
      <TextField label={t("audits.import.name")} required value={name} onChange={(e) => setName(e.target.value)} />
      <div className="space-y-1">
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-700">
          {t("audits.import.file")}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={errors.length ? errorsId : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        />
      </div>
      {errors.length > 0 && (
        <div id={errorsId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{t("audits.import.nothing")}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={importTemplate.isPending}>
          {t("audits.cancel")}
        </Button>
        <Button type="submit" isLoading={importTemplate.isPending}>
          {t("audits.import.submit")}
        </Button>
      </div>
    </form>
  );
}
