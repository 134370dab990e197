// On a report assigned to a contact (someone outside the workspace): when no live link of theirs
// exists on the project, one click makes a link to everything assigned to them and emails it.
import { contactLabel } from "@sitesnag/shared/contacts";
import { DEFAULT_SHARE_DAYS } from "@sitesnag/shared/sharing";
import { CircleCheck, Share2 } from "lucide-react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useContacts } from "../../contacts/api/contacts-api";
import { useCreateShareLink, useShareLinks } from "../api/share-links-api";

type Props = { projectId: string; assigneeId: string };

export function ContactLinkOffer({ projectId, assigneeId }: Props) {
  const t = useT();
  const contacts = useContacts();
  const links = useShareLinks(projectId);
  const create = useCreateShareLink(projectId);
  const contact = contacts.data?.find((c) => c.id === assigneeId);
  if (create.isSuccess) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-800 ring-1 ring-emerald-200"
      >
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        {t("sharing.offer.emailed", { email: create.data.emailedTo ?? "" })}
      </p>
    );
  }
  // Only for a contact, and only when none of the project's live links is theirs already.
  if (!contact || !links.data) return null;
  if (links.data.some((l) => l.assigneeId === contact.id && l.state === "active")) return null;
  const send = () =>
    create.mutate(
      { name: contactLabel(contact.name, contact.company).slice(0, 80), assigneeId: contact.id, sendTo: contact.email },
      { onError: (error) => toast.error(errorMessage(error, t("sharing.offer.failed"))) },
    );
  return (
    <section aria-label={t("sharing.offer.label")} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-sm text-slate-700">{t("sharing.offer.body", { name: contact.name })}</p>
      <Button variant="secondary" className="mt-3 w-full" isLoading={create.isPending} onClick={send}>
        <Share2 aria-hidden className="size-4" />
        {t("sharing.offer.send", { name: contact.name })}
      </Button>
      <p className="mt-1 text-xs text-slate-500">
        {t("sharing.offer.hint", { email: contact.email, count: DEFAULT_SHARE_DAYS })}
      </p>
    </section>
  );
}
