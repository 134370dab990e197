import { zodResolver } from "@hookform/resolvers/zod";
import { PROJECT_STATUSES } from "@sitesnag/shared/enums";
import { type ProjectInput, ProjectInputSchema, type ProjectValues } from "@sitesnag/shared/projects";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { msg, sentence, useT } from "../../../i18n/use-t";
import { PROJECT_STATUS_LABELS } from "./project-status-badge";

export type ProjectFormModalProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: ProjectInput;
  isPending: boolean;
  onSubmit: (values: ProjectValues) => void;
  onClose: () => void;
};

const EMPTY: ProjectInput = {
  name: "",
  description: "",
  location: "",
  clientName: "",
  status: "active",
  requireEvidenceToClose: false,
  verifiedClosing: false,
};

/** The two workflow settings (issue 23), off by default: SPEC's free choice of status. */
const SETTINGS = [
  {
    name: "requireEvidenceToClose",
    label: msg("projects.form.evidence"),
    hint: msg("projects.form.evidenceHint"),
  },
  {
    name: "verifiedClosing",
    label: msg("projects.form.verified"),
    hint: msg("projects.form.verifiedHint"),
  },
] as const;

/** New Project and Edit Project share this form and the shared schema's rules and messages. */
export function ProjectFormModal({ open, title, onClose, ...form }: ProjectFormModalProps) {
  // The modal mounts its content only while open, so each opening starts a new form holding
  // `initial` from its first render: nothing resets it after the user has started typing.
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <ProjectForm {...form} onClose={onClose} />
    </Modal>
  );
}

function ProjectForm({
  submitLabel,
  initial,
  isPending,
  onSubmit,
  onClose,
}: Omit<ProjectFormModalProps, "open" | "title">) {
  const { register, handleSubmit, formState } = useForm<ProjectInput, unknown, ProjectValues>({
    resolver: zodResolver(ProjectInputSchema),
    defaultValues: initial ?? EMPTY,
  });
  const t = useT();
  const e = formState.errors;
  const error = (message?: string) => message && sentence(message);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField label={t("projects.form.name")} required error={error(e.name?.message)} {...register("name")} />
      <TextAreaField
        label={t("projects.form.description")}
        rows={3}
        error={error(e.description?.message)}
        {...register("description")}
      />
      <TextField label={t("projects.location")} error={error(e.location?.message)} {...register("location")} />
      <TextField
        label={t("projects.form.clientName")}
        error={error(e.clientName?.message)}
        {...register("clientName")}
      />
      <SelectField label={t("projects.form.status")} error={error(e.status?.message)} {...register("status")}>
        {PROJECT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(PROJECT_STATUS_LABELS[s])}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">{t("projects.form.closing")}</legend>
        {SETTINGS.map((s) => (
          <label key={s.name} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-brand-700"
              aria-describedby={`${s.name}-hint`}
              {...register(s.name)}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{t(s.label)}</span>
              <span id={`${s.name}-hint`} className="block text-xs text-slate-600">
                {t(s.hint)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
