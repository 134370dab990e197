import { History } from "lucide-react";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { overwriteSentence } from "./answer-overwrite-text";
import type { ItemNotice } from "./item-notice";

/**
 * "Sam's answer replaced yours: Status Non-compliant (yours: Compliant), at 14:02." on the item it
 * concerns (decision 0038), with Restore (your answer back) and Keep theirs (theirs on this device).
 */
export function AnswerOverwriteNotice({
  notice,
  itemLabel,
  isRestoring,
  onRestore,
  onKeepTheirs,
}: {
  notice: ItemNotice;
  itemLabel: string;
  isRestoring: boolean;
  onRestore: () => void;
  onKeepTheirs: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      role="status"
      aria-label={t("audits.overwrite.label", { label: itemLabel })}
      className="mb-3 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center"
    >
      <History aria-hidden className="hidden size-5 shrink-0 text-amber-700 sm:block" />
      <p className="min-w-0 flex-1 break-words text-sm text-amber-900">
        {overwriteSentence(t, locale, notice.overwrite)}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button isLoading={isRestoring} onClick={onRestore}>
          {t("audits.overwrite.restore")}
          <span className="sr-only"> {t("audits.overwrite.restoreOn", { label: itemLabel })}</span>
        </Button>
        <Button variant="secondary" disabled={isRestoring} onClick={onKeepTheirs}>
          {t("audits.overwrite.keep")}
          <span className="sr-only"> {t("audits.overwrite.keepOn", { label: itemLabel })}</span>
        </Button>
      </div>
    </div>
  );
}
