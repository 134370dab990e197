import { zodResolver } from "@hookform/resolvers/zod";
import { type InvitationInput, InvitationInputSchema } from "@sitesnag/shared/team";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { sentence, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { invitationLink, useCreateInvitation } from "../api/team-api";

/**
 * Makes an invitation link. With an address, the invitation is emailed there and only that address
 * may accept; either way the owner can copy the link and share it another way.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateInvitation();
  const [link, setLink] = useState<string | null>(null);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const t = useT();
  const { register, handleSubmit, reset, formState } = useForm<InvitationInput>({
    resolver: zodResolver(InvitationInputSchema),
    defaultValues: { email: "" },
  });
  useEffect(() => {
    if (open) {
      reset({ email: "" });
      setLink(null);
      setEmailedTo(null);
      setCopied(false);
    }
  }, [open, reset]);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast.success(t("team.inviteDialog.copiedToast"));
    } catch {
      toast.info(t("team.inviteDialog.copyBySelecting"));
    }
  };
  return (
    <Modal open={open} title={t("team.inviteDialog.title")} onClose={onClose} closeLabel={t("common.close")}>
      {link ? (
        <div className="space-y-4">
          {emailedTo && (
            <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
              {t("team.inviteDialog.emailed")} <strong className="break-words">{emailedTo}</strong>.
            </p>
          )}
          <p className="text-sm text-slate-700">
            {emailedTo ? t("team.inviteDialog.alsoShare") : t("team.inviteDialog.share")} {t("team.inviteDialog.once")}
          </p>
          <label className="block text-sm font-medium text-slate-700" htmlFor="invite-link">
            {t("team.inviteDialog.link")}
          </label>
          <input
            id="invite-link"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2.5 font-mono text-sm"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t("team.inviteDialog.done")}
            </Button>
            <Button onClick={copy}>
              {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied ? t("team.inviteDialog.copied") : t("team.inviteDialog.copy")}
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: ({ token, emailed, invitation }) => {
                setEmailedTo(emailed ? invitation.email : null);
                setLink(invitationLink(token));
              },
              onError: (error) => toast.error(errorMessage(error, t("team.inviteDialog.failed"))),
            }),
          )}
        >
          <p className="text-sm text-slate-700">{t("team.inviteDialog.intro")}</p>
          <TextField
            label={t("team.inviteDialog.email")}
            type="email"
            autoComplete="off"
            error={formState.errors.email?.message && sentence(formState.errors.email.message)}
            {...register("email")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              {t("team.inviteDialog.create")}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
