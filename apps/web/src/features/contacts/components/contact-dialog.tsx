import { zodResolver } from "@hookform/resolvers/zod";
import { type Contact, type ContactInput, ContactInputSchema } from "@sitesnag/shared/contacts";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { sentence, useT } from "../../../i18n/use-t";
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
  const t = useT();
  return (
    <Modal
      open={props.open}
      title={props.contact ? t("contacts.edit") : t("contacts.new")}
      onClose={props.onClose}
      closeLabel={t("common.close")}
    >
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
  const t = useT();
  const e = formState.errors;
  const error = (message?: string) => message && sentence(message);
  const onSubmit = (values: ContactInput) => {
    const done = {
      onSuccess: (saved: Contact) => {
        toast.success(contact ? t("contacts.saved") : t("contacts.added"));
        onSaved?.(saved);
        onClose();
      },
      onError: (error: unknown) => toast.error(errorMessage(error, t("contacts.saveFailed"))),
    };
    if (contact) update.mutate({ id: contact.id, body: values }, done);
    else create.mutate(values, done);
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <p className="text-sm text-slate-600">{t("contacts.intro")}</p>
      <TextField label={t("contacts.name")} autoComplete="off" error={error(e.name?.message)} {...register("name")} />
      <TextField
        label={t("contacts.company")}
        autoComplete="off"
        list="contact-companies"
        error={error(e.company?.message)}
        {...register("company")}
      />
      <datalist id="contact-companies">
        {companies.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <TextField
        label={t("auth.email")}
        type="email"
        autoComplete="off"
        error={error(e.email?.message)}
        {...register("email")}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={create.isPending || update.isPending}>
          {contact ? t("contacts.save") : t("contacts.add")}
        </Button>
      </div>
    </form>
  );
}
