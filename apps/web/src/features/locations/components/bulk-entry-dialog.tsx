// Bulk entry: paste a list (one path a line, " > " between levels, an optional ";code"), see what
// it will create, import it. The list is read with the server's own parser (shared
// location-import.ts), so a bad line is named here with the sentence the server would answer; the
// server still creates all of it in one transaction or nothing, and any sentence it answers is
// shown too, the text kept for correcting.
import { parseLocationImport, splitLineProblem } from "@sitesnag/shared/location-import";
import { useMemo, useState } from "react";
import { Button } from "../../../components/button";
import { TextAreaField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { translate } from "../../../i18n/i18n";
import { sentence, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";

type Props = {
  isPending: boolean;
  error: unknown;
  onImport: (lines: string[]) => void;
  onClose: () => void;
};

const PREVIEW_ROWS = 200;

/**
 * A problem of the pasted list in the app's language: a sentence of the import's own, else a bad
 * line's "Line 3: " with the field check it failed (e.g. a name too long) translated; any other stays.
 */
function localiseProblem(english: string): string {
  const whole = sentence(english);
  if (whole !== english) return whole;
  const split = splitLineProblem(english);
  if (!split) return english;
  const problem = sentence(split.problem);
  return problem === split.problem ? english : translate("locations.bulk.badLine", { line: split.line, problem });
}

export function BulkEntryDialog({ isPending, error, onImport, onClose }: Props) {
  const t = useT();
  const [text, setText] = useState("");
  const parsed = useMemo(() => (text.trim() === "" ? null : parseLocationImport(text)), [text]);
  const problem = parsed && !parsed.ok ? localiseProblem(parsed.message) : null;
  const entries = parsed?.ok ? parsed.entries : [];
  return (
    <Modal open title={t("locations.bulk.title")} onClose={onClose} closeLabel={t("common.close")}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed?.ok) onImport(text.split(/\r\n|\n|\r/));
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
        {entries.length > 0 && (
          <section aria-label={t("locations.bulk.preview")}>
            <h3 className="text-sm font-semibold text-slate-800">
              {t("locations.bulk.previewCount", { count: entries.length })}
            </h3>
            <ol className="mt-1 max-h-48 overflow-y-auto rounded border border-slate-200 text-sm">
              {entries.slice(0, PREVIEW_ROWS).map((entry) => (
                <li key={entry.line} className="flex gap-2 border-b border-slate-100 px-2 py-1">
                  <span className="w-10 shrink-0 text-right text-slate-400">{entry.line}</span>
                  <span className="min-w-0 flex-1 break-words">
                    {entry.names.join(" > ")}
                    {entry.code && <span className="ml-2 rounded bg-slate-100 px-1 text-xs">{entry.code}</span>}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
        {(problem || (error !== null && error !== undefined)) && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {problem ?? errorMessage(error, t("locations.error.import"))}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} disabled={!parsed?.ok}>
            {t("locations.bulk.import")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
