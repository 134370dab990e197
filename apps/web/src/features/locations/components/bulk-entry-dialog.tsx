// Bulk entry: paste a list (one path a line, " > " between levels, an optional ";code"), see what
// it will create, import it. The server creates all of it in one transaction or nothing, and its
// sentence names the bad line; that sentence is shown here, the text kept for correcting.
import { useMemo, useState } from "react";
import { Button } from "../../../components/button";
import { TextAreaField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { readImportLines } from "../lib/import-lines";

type Props = {
  isPending: boolean;
  error: unknown;
  onImport: (lines: string[]) => void;
  onClose: () => void;
};

const PREVIEW_ROWS = 200;

export function BulkEntryDialog({ isPending, error, onImport, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState("");
  const lines = useMemo(() => readImportLines(text), [text]);
  const problems = lines.filter((l) => l.problem !== null);
  const problemText = (problem: string) =>
    problem === "empty-segment"
      ? t("locations.bulk.emptySegment")
      : problem === "too-deep"
        ? t("locations.bulk.tooDeep")
        : t("locations.bulk.tooLong");
  return (
    <Modal open title={t("locations.bulk.title")} onClose={onClose} closeLabel={t("common.close")}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onImport(text.split(/\r?\n/));
        }}
      >
        <p className="text-sm text-slate-600">{t("locations.bulk.help")}</p>
        <TextAreaField
          label={t("locations.bulk.field")}
          rows={8}
          value={text}
          placeholder={"Block B > Level 3 > Flat 3.04;B-3-04\nBlock B > Level 3 > Flat 3.04 > Kitchen"}
          onChange={(e) => setText(e.target.value)}
          className="font-mono"
        />
        {lines.length > 0 && (
          <section aria-label={t("locations.bulk.preview")}>
            <h3 className="text-sm font-semibold text-slate-800">
              {t("locations.bulk.previewCount", { count: lines.length })}
            </h3>
            <ol className="mt-1 max-h-48 overflow-y-auto rounded border border-slate-200 text-sm">
              {lines.slice(0, PREVIEW_ROWS).map((l) => (
                <li
                  key={l.line}
                  className={`flex gap-2 border-b border-slate-100 px-2 py-1 ${l.problem ? "bg-red-50 text-red-900" : ""}`}
                >
                  <span className="w-10 shrink-0 text-right text-slate-400">{l.line}</span>
                  <span className="min-w-0 flex-1 break-words">
                    {l.names.join(" > ")}
                    {l.code && <span className="ml-2 rounded bg-slate-100 px-1 text-xs">{l.code}</span>}
                    {l.problem && <span className="ml-2 font-medium">{problemText(l.problem)}</span>}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
        {error !== null && error !== undefined && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(error, t("locations.error.import"))}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} disabled={lines.length === 0 || problems.length > 0}>
            {t("locations.bulk.import")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
