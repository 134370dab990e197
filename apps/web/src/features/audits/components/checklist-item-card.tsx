import { RISK_LEVELS, riskScore } from "@sitesnag/shared/audit-scoring";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { ChevronDown, FileWarning } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/button";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { isoDateToSeconds } from "../storage/dates";
import { AnswerControl, type AnswerDef } from "./answer-control";
import { AnswerOverwriteNotice } from "./answer-overwrite-notice";
import type { ItemNotice } from "./item-notice";
import { ItemPhotos } from "./item-photos";
import { likelihoodLabel, severityLabel } from "./labels";
import { RiskBadge } from "./risk-badge";

type Props = {
  item: ChecklistItem;
  /** The question in the reader's language where it is the standard template's (else as written). */
  question?: string | undefined;
  /** The item's answer set in a custom template (decision 0028); C/I/NC/N/A when absent. */
  def?: AnswerDef | undefined;
  number: string;
  photoUrls: Record<string, string>;
  isAddingPhotos: boolean;
  isRaisingSnag: boolean;
  onChange: (patch: Partial<ChecklistItem>) => void;
  onAddPhotos: (files: File[]) => void;
  /** Absent where snags cannot be raised. */
  onRaiseSnag?: (() => void) | undefined;
  /** A completed (locked) audit or another person's: shown, not changed. Raise snag still works. */
  readOnly?: boolean | undefined;
  /** This item's answers another person replaced (decision 0038), with what Restore and Keep theirs do. */
  notices?: NoticeProps | undefined;
};

export type NoticeProps = {
  list: readonly ItemNotice[];
  restoring: string | null;
  onRestore: (notice: ItemNotice) => void;
  onKeepTheirs: (notice: ItemNotice) => void;
};

const secondsToIso = (s: number | null) => (s === null ? "" : new Date(s * 1000).toISOString().slice(0, 10));
const level = (value: string) => (value === "" ? null : Number(value));
const hasDetails = (i: ChecklistItem) =>
  i.status === "I" ||
  i.status === "NC" ||
  Boolean(i.notes || i.actionOwner || i.dueDate || i.riskSeverity || i.riskLikelihood || i.photos.length);

/** One checklist question: its answer, then notes, risk, action and photos. */
export function ChecklistItemCard({
  item,
  question = item.question,
  def,
  number,
  photoUrls,
  isAddingPhotos,
  isRaisingSnag,
  onChange,
  onAddPhotos,
  onRaiseSnag,
  readOnly = false,
  notices,
}: Props) {
  const [isOpen, setOpen] = useState(() => hasDetails(item));
  const t = useT();
  const label = t("audits.item.label", { number });
  const detailsId = `details-${item.id}`;
  const score = riskScore(item.riskSeverity, item.riskLikelihood);
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby={`q-${item.id}`}>
      <p id={`q-${item.id}`} className="mb-3 text-base font-medium text-slate-900">
        <span className="mr-1 font-semibold text-brand-700">{number}</span> {question}
      </p>
      {notices?.list.map((n) => (
        <AnswerOverwriteNotice
          key={n.entryId}
          notice={n}
          itemLabel={label}
          isRestoring={notices.restoring === n.entryId}
          onRestore={() => notices.onRestore(n)}
          onKeepTheirs={() => notices.onKeepTheirs(n)}
        />
      ))}
      <fieldset disabled={readOnly} className="contents">
        <AnswerControl
          def={def}
          name={`status-${item.id}`}
          label={label}
          status={item.status}
          value={item.value ?? ""}
          onChange={(change) => {
            onChange(change);
            if (change.status === "I" || change.status === "NC") setOpen(true);
          }}
        />
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <RiskBadge score={score} />
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={detailsId}
          onClick={() => setOpen(!isOpen)}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t("audits.item.details")}
          <span className="sr-only"> {t("audits.item.forLabel", { label })}</span>
          <ChevronDown aria-hidden className={`size-4 transition ${isOpen ? "rotate-180" : ""}`} />
        </button>
      </div>
      {item.snag && (
        <p className="mt-2 flex items-center gap-1 text-sm text-slate-700">
          <FileWarning aria-hidden className="size-4 text-red-700" />
          {t("audits.item.snagRaised")}{" "}
          {item.snag.pending ? (
            <span className="font-semibold">{t("audits.item.snagPending", { reference: item.snag.reference })}</span>
          ) : (
            <Link to={`/app/snagging/${item.snag.id}`} className="font-semibold text-brand-800 underline">
              {item.snag.reference}
            </Link>
          )}
        </p>
      )}
      {isOpen && (
        <div id={detailsId} className="mt-3 space-y-3 border-t border-slate-100 pt-3">
          <fieldset disabled={readOnly} className="min-w-0 space-y-3">
            <TextAreaField
              label={t("audits.item.notesFor", { label })}
              rows={3}
              value={item.notes}
              onChange={(e) => onChange({ notes: e.target.value })}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t("audits.risk.severity")}
                aria-label={t("audits.item.severityFor", { label })}
                value={item.riskSeverity ?? ""}
                onChange={(e) => onChange({ riskSeverity: level(e.target.value) })}
              >
                <option value="">{t("audits.risk.notRated")}</option>
                {RISK_LEVELS.map((n) => (
                  <option key={n} value={n}>
                    {n} – {t(severityLabel(n))}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t("audits.risk.likelihood")}
                aria-label={t("audits.item.likelihoodFor", { label })}
                value={item.riskLikelihood ?? ""}
                onChange={(e) => onChange({ riskLikelihood: level(e.target.value) })}
              >
                <option value="">{t("audits.risk.notRated")}</option>
                {RISK_LEVELS.map((n) => (
                  <option key={n} value={n}>
                    {n} – {t(likelihoodLabel(n))}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t("audits.item.actionOwner")}
                aria-label={t("audits.item.actionOwnerFor", { label })}
                value={item.actionOwner}
                onChange={(e) => onChange({ actionOwner: e.target.value })}
              />
              <TextField
                label={t("audits.item.dueDate")}
                aria-label={t("audits.item.dueDateFor", { label })}
                type="date"
                value={secondsToIso(item.dueDate)}
                onChange={(e) => onChange({ dueDate: e.target.value ? isoDateToSeconds(e.target.value) : null })}
              />
            </div>
            <ItemPhotos
              itemLabel={label}
              photoIds={item.photos}
              urls={photoUrls}
              isAdding={isAddingPhotos}
              onAdd={onAddPhotos}
              onRemove={(id) => onChange({ photos: item.photos.filter((p) => p !== id) })}
            />
          </fieldset>
          {item.status === "NC" && !item.snag && onRaiseSnag && (
            <Button variant="danger" onClick={onRaiseSnag} isLoading={isRaisingSnag}>
              <FileWarning aria-hidden className="size-4" />
              {t("audits.item.raiseSnag")}
              <span className="sr-only"> {t("audits.item.forLabel", { label })}</span>
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
