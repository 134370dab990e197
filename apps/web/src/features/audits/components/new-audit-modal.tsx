import { zodResolver } from "@hookform/resolvers/zod";
import { STANDARD_TEMPLATE_ID } from "@sitesnag/shared/audit-template-model";
import { type NewAuditInput, NewAuditInputSchema, type NewAuditValues } from "@sitesnag/shared/audits";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { sentence, useT } from "../../../i18n/use-t";
import { useTemplates } from "../../audit-templates/api/templates-api";
import type { AuditProject } from "../storage/audit-repository";

type Props = {
  open: boolean;
  projects: AuditProject[];
  projectsNote?: string | undefined;
  isPending: boolean;
  onSubmit: (values: NewAuditValues) => void;
  onClose: () => void;
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** New Site Audit (SPEC §2, §5): project required, date required and today by default, notes optional. */
export function NewAuditModal({ open, onClose, ...form }: Props) {
  // The modal mounts its content only while open: each opening starts a new, empty form dated
  // today, and nothing resets it after the user has started filling it in.
  const t = useT();
  return (
    <Modal open={open} title={t("audits.new")} onClose={onClose}>
      <NewAuditForm {...form} onClose={onClose} />
    </Modal>
  );
}

function NewAuditForm({ projects, projectsNote, isPending, onSubmit, onClose }: Omit<Props, "open">) {
  const { register, handleSubmit, formState } = useForm<NewAuditInput, unknown, NewAuditValues>({
    resolver: zodResolver(NewAuditInputSchema),
    defaultValues: { projectId: "", auditDate: today(), notes: "", templateId: "standard" },
  });
  const t = useT();
  const e = formState.errors;
  const error = (message: string | undefined) => (message ? sentence(message) : undefined);
  // The workspace's templates when the server answers; offline, the built-in one only.
  const templates = useTemplates();
  const choices = (templates.data ?? [{ id: STANDARD_TEMPLATE_ID, name: "" }]).map((c) =>
    c.id === STANDARD_TEMPLATE_ID ? { ...c, name: t("auditTemplate.name") } : c,
  );
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <SelectField
        label={t("audits.newForm.project")}
        required
        error={error(e.projectId?.message)}
        {...register("projectId")}
      >
        <option value="">{t("audits.newForm.selectProject")}</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      {projectsNote && <p className="text-sm text-slate-600">{projectsNote}</p>}
      <SelectField
        label={t("audits.newForm.template")}
        error={error(e.templateId?.message)}
        {...register("templateId")}
      >
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("audits.newForm.date")}
        type="date"
        required
        error={error(e.auditDate?.message)}
        {...register("auditDate")}
      />
      <TextAreaField
        label={t("audits.newForm.notes")}
        rows={3}
        error={error(e.notes?.message)}
        {...register("notes")}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {t("audits.cancel")}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {t("audits.newForm.start")}
        </Button>
      </div>
    </form>
  );
}

// The page resolves the picked template through this module, already loaded while the dialog is open.
export { templateToStart } from "../api/template-to-start";
