import { zodResolver } from "@hookform/resolvers/zod";
import { PROJECT_STATUSES } from "@sitesnag/shared/enums";
import { type ProjectInput, ProjectInputSchema, type ProjectValues } from "@sitesnag/shared/projects";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { SelectField, TextAreaField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { capitalise } from "../../../lib/format";

export type ProjectFormModalProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: ProjectInput;
  isPending: boolean;
  onSubmit: (values: ProjectValues) => void;
  onClose: () => void;
};

const EMPTY: ProjectInput = { name: "", description: "", location: "", clientName: "", status: "active" };

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
  const e = formState.errors;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <TextField label="Project name" required error={e.name?.message} {...register("name")} />
      <TextAreaField label="Description" rows={3} error={e.description?.message} {...register("description")} />
      <TextField label="Location" error={e.location?.message} {...register("location")} />
      <TextField label="Client name" error={e.clientName?.message} {...register("clientName")} />
      <SelectField label="Status" error={e.status?.message} {...register("status")}>
        {PROJECT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {capitalise(s)}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
