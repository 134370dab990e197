import { zodResolver } from "@hookform/resolvers/zod";
import { type Contact, type ContactInput, ContactInputSchema } from "@sitesnag/shared/contacts";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateContact, useUpdateContact } from "../api/contacts-api";

export type ContactDialogProps = {
  open: boolean;
  /** The contact to edit; absent to add one. */
  contact?: Contact | null;
  /** Companies already known, offered as suggestions. */
  companies?: readonly string[];
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
};

/** Adds or edits a contact: someone outside the workspace a report can be assigned to. */
export function ContactDialog(props: ContactDialogProps) {
  return (
    <Modal open={props.open} title={props.contact ? "Edit contact" : "New contact"} onClose={props.onClose}>
      <ContactForm {...props} />
    </Modal>
  );
}

function ContactForm({ contact, companies = [], onClose, onSaved }: ContactDialogProps) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const { register, handleSubmit, formState } = useForm<ContactInput>({
    resolver: zodResolver(ContactInputSchema),
    defaultValues: contact ? { name: contact.name, company: contact.company, email: contact.email } : {},
  });
  const e = formState.errors;
  const onSubmit = (values: ContactInput) => {
    const done = {
      onSuccess: (saved: Contact) => {
        toast.success(contact ? "Contact saved" : "Contact added");
        onSaved?.(saved);
        onClose();
      },
      onError: (error: unknown) => toast.error(errorMessage(error, "Failed to save the contact")),
    };
    if (contact) update.mutate({ id: contact.id, body: values }, done);
    else create.mutate(values, done);
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <p className="text-sm text-slate-600">
        Someone outside your team — a subcontractor, say. They need no account; reports assigned to them can be shared
        with them by link.
      </p>
      <TextField label="Name" autoComplete="off" error={e.name?.message} {...register("name")} />
      <TextField
        label="Company"
        autoComplete="off"
        list="contact-companies"
        error={e.company?.message}
        {...register("company")}
      />
      <datalist id="contact-companies">
        {companies.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField label="Email" type="email" autoComplete="off" error={e.email?.message} {...register("email")} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {contact ? "Save contact" : "Add contact"}
        </Button>
      </div>
    </form>
  );
}
