import { PRIORITIES, REPORT_STATUSES } from "@sitesnag/shared/enums";
import { SNAG_LIST_GROUPS, type SnagListGroup, type SnagListQueryInput, UNASSIGNED } from "@sitesnag/shared/snag-list";
import { FileDown } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../../components/report-badges";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useContacts } from "../../contacts/api/contacts-api";
import { AssigneeOptions } from "../../contacts/components/assignee-options";
import { useCategoryLabel } from "../../snagging/components/category-icon";
import { useTrades } from "../../trades/api/trades-api";
import { useDownloadSnagList } from "../api/download-snag-list";
import { useAssignees } from "../api/get-assignees";

export type SnagListDialogProps = {
  open: boolean;
  projectId: string;
  /** The list's current filters, as the starting point. */
  initial: { status?: string | undefined; priority?: string | undefined };
  onClose: () => void;
};

const GROUP_LABELS: Record<SnagListGroup, Message> = {
  assignee: msg("snagging.field.assignee"),
  location: msg("snagging.detail.location"),
  category: msg("snagging.field.category"),
};

/** Day picker value (yyyy-mm-dd) → the start of that day, epoch seconds (UTC). */
const dayToSeconds = (day: string): number | undefined =>
  day ? Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) : undefined;

export function SnagListDialog({ open, projectId, initial, onClose }: SnagListDialogProps) {
  // The form mounts with each opening (the modal renders its content only while open), so it
  // starts from the list's filters of that moment.
  const t = useT();
  return (
    <Modal open={open} title={t("snagging.snagList.title")} onClose={onClose}>
      <SnagListForm projectId={projectId} initial={initial} onClose={onClose} />
    </Modal>
  );
}

function SnagListForm({ projectId, initial, onClose }: Omit<SnagListDialogProps, "open">) {
  const t = useT();
  const download = useDownloadSnagList();
  const assignees = useAssignees();
  const trades = useTrades();
  const categoryLabel = useCategoryLabel();
  const contacts = useContacts();
  const [groupBy, setGroupBy] = useState<SnagListGroup>("assignee");
  const [status, setStatus] = useState(initial.status ?? "");
  const [priority, setPriority] = useState(initial.priority ?? "");
  const [category, setCategory] = useState("");
  const [assigneeId, setAssigneeId] = useState("");
  const [dueBefore, setDueBefore] = useState("");
  const [search, setSearch] = useState("");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const query: SnagListQueryInput = {
      groupBy,
      status: (status || undefined) as SnagListQueryInput["status"],
      priority: (priority || undefined) as SnagListQueryInput["priority"],
      category: (category || undefined) as SnagListQueryInput["category"],
      assigneeId: assigneeId || undefined,
      dueBefore: dayToSeconds(dueBefore),
      search: search.trim() || undefined,
    };
    toast.info(t("snagging.detail.pdfGenerating"));
    download.mutate(
      { projectId, query },
      {
        onSuccess: () => {
          toast.success(t("snagging.detail.pdfDone"));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t("snagging.detail.pdfFailed"))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <fieldset>
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t("snagging.snagList.groupBy")}</legend>
        <div className="flex flex-wrap gap-2">
          {SNAG_LIST_GROUPS.map((g) => (
            <label
              key={g}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name="groupBy" value={g} checked={groupBy === g} onChange={() => setGroupBy(g)} />
              {t(GROUP_LABELS[g])}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t("snagging.field.status")} value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">{t("snagging.snagList.allStatuses")}</option>
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_LABELS[s])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("snagging.field.priority")}
          value={priority}
          onChange={(e) => setPriority(e.target.value)}
        >
          <option value="">{t("snagging.snagList.allPriorities")}</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {t(PRIORITY_LABELS[p])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("snagging.field.category")}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="">{t("snagging.snagList.allCategories")}</option>
          {/* Retired trades too: a list of what was filed under one is still worth printing. */}
          {(trades.data ?? []).map((c) => (
            <option key={c.key} value={c.key}>
              {categoryLabel(c.key)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t("snagging.field.assignee")}
          value={assigneeId}
          onChange={(e) => setAssigneeId(e.target.value)}
        >
          <option value="">{t("snagging.list.everyone")}</option>
          <option value={UNASSIGNED}>{t("snagging.unassigned")}</option>
          <AssigneeOptions
            members={(assignees.data ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() }))}
            contacts={contacts.data ?? []}
          />
        </SelectField>
        <TextField
          label={t("snagging.snagList.dueBefore")}
          type="date"
          value={dueBefore}
          onChange={(e) => setDueBefore(e.target.value)}
        />
        <TextField
          label={t("snagging.snagList.search")}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={download.isPending}>
          {!download.isPending && <FileDown aria-hidden className="size-4" />}
          {t("snagging.detail.downloadPdf")}
        </Button>
      </div>
    </form>
  );
}
