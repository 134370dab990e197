import { contactLabel } from "@sitesnag/shared/contacts";
import type { Priority, ReportStatus } from "@sitesnag/shared/enums";
import { DEFAULT_SHARE_DAYS, type ShareLinkCreateInput } from "@sitesnag/shared/sharing";
import { Check, Copy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { PRIORITY_LABELS, STATUS_LABELS } from "../../../components/report-badges";
import { type Translate, useT } from "../../../i18n/use-t";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useContacts } from "../../contacts/api/contacts-api";
import { AssigneeOptions } from "../../contacts/components/assignee-options";
import { useAssignees } from "../../snag-list/api/get-assignees";
import { useCreateShareLink } from "../api/share-links-api";

export type ShareFilter = { status?: string | undefined; priority?: string | undefined };

export type CreateShareLinkDialogProps = {
  open: boolean;
  projectId: string;
  /** The project list's current filter, offered as what to share. */
  filter: ShareFilter;
  onClose: () => void;
};

const EXPIRY_CHOICES = [7, 14, DEFAULT_SHARE_DAYS, 90] as const;

export function describeShareFilter(t: Translate, filter: ShareFilter): string {
  const status = STATUS_LABELS[filter.status as ReportStatus];
  const priority = PRIORITY_LABELS[filter.priority as Priority];
  if (status && priority) return t("sharing.create.filterBoth", { status: t(status), priority: t(priority) });
  if (status) return t("sharing.create.filterStatus", { status: t(status) });
  if (priority) return t("sharing.create.filterPriority", { priority: t(priority) });
  return t("sharing.links.everything");
}

export function CreateShareLinkDialog({ open, projectId, filter, onClose }: CreateShareLinkDialogProps) {
  const t = useT();
  return (
    <Modal open={open} title={t("sharing.create.title")} onClose={onClose}>
      <CreateShareLinkForm projectId={projectId} filter={filter} onClose={onClose} />
    </Modal>
  );
}

function CreateShareLinkForm({ projectId, filter, onClose }: Omit<CreateShareLinkDialogProps, "open">) {
  const t = useT();
  const create = useCreateShareLink(projectId);
  const assignees = useAssignees();
  const contacts = useContacts();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"assignee" | "filter">("assignee");
  const [assigneeId, setAssigneeId] = useState("");
  const [days, setDays] = useState(String(DEFAULT_SHARE_DAYS));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [sendTo, setSendTo] = useState("");
  const [created, setCreated] = useState<{ url: string; emailedTo: string | null } | null>(null);
  const url = created?.url ?? null;
  const [copied, setCopied] = useState(false);
  const contactOf = (id: string) => contacts.data?.find((c) => c.id === id);

  // Choosing a contact offers to email them the link: their address (and name) filled in, still editable.
  const chooseAssignee = (id: string) => {
    const before = contactOf(assigneeId);
    const contact = contactOf(id);
    setAssigneeId(id);
    if (!sendTo.trim() || sendTo === before?.email) setSendTo(contact?.email ?? "");
    const label = (c: typeof contact) => (c ? contactLabel(c.name, c.company).slice(0, 80) : "");
    if (contact && (!name.trim() || name === label(before))) setName(label(contact));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      name: name.trim() ? undefined : t("sharing.create.nameRequired"),
      assigneeId: scope === "assignee" && !assigneeId ? t("sharing.create.assigneeRequired") : undefined,
      sendTo:
        sendTo.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(sendTo.trim())
          ? t("sharing.create.emailInvalid")
          : undefined,
    };
    setErrors(problems);
    if (problems.name || problems.assigneeId || problems.sendTo) return;
    const body: ShareLinkCreateInput = {
      name: name.trim(),
      expiresInDays: Number(days),
      ...(sendTo.trim() ? { sendTo: sendTo.trim() } : {}),
      ...(scope === "assignee"
        ? { assigneeId }
        : {
            filter: {
              ...(filter.status ? { status: filter.status as never } : {}),
              ...(filter.priority ? { priority: filter.priority as never } : {}),
            },
          }),
    };
    create.mutate(body, {
      onSuccess: (answer) => {
        setCreated({ url: answer.url, emailedTo: answer.emailedTo });
        if (answer.emailedTo) toast.success(t("sharing.offer.emailed", { email: answer.emailedTo }));
      },
      onError: (error) => {
        const details = error instanceof ApiError ? error.body?.details : undefined;
        if (details)
          setErrors({
            name: details.name?.[0],
            assigneeId: details.assigneeId?.[0],
            sendTo: details.sendTo?.[0] ?? details.email?.[0],
          });
        toast.error(errorMessage(error, t("sharing.create.failed")));
      },
    });
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(t("sharing.create.copiedToast"));
    } catch {
      toast.info(t("sharing.create.copyBySelecting"));
    }
  };

  if (url) {
    return (
      <div className="space-y-4">
        {created?.emailedTo ? (
          <p role="status" className="text-sm text-slate-700">
            {t("sharing.create.emailedBody", { email: created.emailedTo, name: name.trim() })}
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t("sharing.create.sendBody", { name: name.trim() })}</p>
        )}
        <label className="block text-sm font-medium text-slate-700" htmlFor="share-link-url">
          {t("sharing.create.link")}
        </label>
        <input
          id="share-link-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm"
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t("sharing.create.done")}
          </Button>
          <Button onClick={copy}>
            {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {copied ? t("sharing.create.copied") : t("sharing.create.copy")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t("sharing.create.name")}
        placeholder={t("sharing.create.namePlaceholder")}
        value={name}
        maxLength={80}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 block text-sm font-medium text-slate-700">{t("sharing.create.what")}</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={scope === "assignee"} onChange={() => setScope("assignee")} />
          {t("sharing.create.byAssignee")}
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="radio" name="scope" checked={scope === "filter"} onChange={() => setScope("filter")} />
          {t("sharing.create.byFilter", { filter: describeShareFilter(t, filter) })}
        </label>
      </fieldset>
      {scope === "assignee" && (
        <SelectField
          label={t("snagging.field.assignee")}
          value={assigneeId}
          error={errors.assigneeId}
          onChange={(e) => chooseAssignee(e.target.value)}
        >
          <option value="">{t("sharing.create.choosePerson")}</option>
          <AssigneeOptions
            members={(assignees.data ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() }))}
            contacts={contacts.data ?? []}
          />
        </SelectField>
      )}
      <SelectField label={t("sharing.create.expires")} value={days} onChange={(e) => setDays(e.target.value)}>
        {EXPIRY_CHOICES.map((d) => (
          <option key={d} value={d}>
            {t("sharing.create.days", { count: d })}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("sharing.create.sendTo")}
        type="email"
        autoComplete="off"
        placeholder="name@company.com"
        hint={t("sharing.create.sendToHint")}
        value={sendTo}
        maxLength={254}
        error={errors.sendTo}
        onChange={(e) => setSendTo(e.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose} disabled={create.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          {sendTo.trim() ? t("sharing.create.submitEmail") : t("sharing.create.submit")}
        </Button>
      </div>
    </form>
  );
}
