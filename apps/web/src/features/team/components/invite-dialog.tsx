import { zodResolver } from "@hookform/resolvers/zod";
import { type InvitationInput, InvitationInputSchema } from "@sitesnag/shared/team";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
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
      toast.success("Invitation link copied");
    } catch {
      toast.info("Copy the link by selecting it");
    }
  };
  return (
    <Modal open={open} title="Invite a teammate" onClose={onClose}>
      {link ? (
        <div className="space-y-4">
          {emailedTo && (
            <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
              We emailed the invitation to <strong className="break-words">{emailedTo}</strong>.
            </p>
          )}
          <p className="text-sm text-slate-700">
            {emailedTo ? "You can also share this link yourself." : "Share this link with your teammate."} It works once
            and expires in 7 days. For your security it is shown only now: copy it before closing.
          </p>
          <label className="block text-sm font-medium text-slate-700" htmlFor="invite-link">
            Invitation link
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
              Done
            </Button>
            <Button onClick={copy}>
              {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
              {copied ? "Copied" : "Copy link"}
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
              onError: (error) => toast.error(errorMessage(error, "Failed to create invitation")),
            }),
          )}
        >
          <p className="text-sm text-slate-700">
            Enter their email address and we will email them the invitation (only they can use it), or leave it empty
            for a link anyone you give it to can use once. Either way you get the link to share.
          </p>
          <TextField
            label="Email address (optional)"
            type="email"
            autoComplete="off"
            error={formState.errors.email?.message}
            {...register("email")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={create.isPending}>
              Create invitation link
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
