import { MEMBERSHIP_TYPES, type MembershipType } from "@sitesnag/shared/enums";
import { YEAR_SECONDS } from "@sitesnag/shared/membership";
import { type AdminUser, MembershipInputSchema } from "@sitesnag/shared/users";
import { useEffect, useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { sentence, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useUpdateMembership } from "../api/admin-api";
import { TYPE_LABELS } from "./labels";

/** Epoch seconds ⇄ the yyyy-MM-dd value of a date input, in UTC so a date never shifts by a day. */
const toInput = (seconds: number | null) =>
  seconds === null ? "" : new Date(seconds * 1000).toISOString().slice(0, 10);
const fromInput = (value: string) => (value ? Math.floor(Date.parse(`${value}T00:00:00Z`) / 1000) : null);

type Draft = { type: MembershipType; start: string; end: string; amount: string };

function draftOf(user: AdminUser): Draft {
  return {
    type: user.membership_type,
    start: toInput(user.membership_start_date),
    end: toInput(user.membership_end_date),
    amount: String(user.membership_amount),
  };
}

export function MembershipDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const update = useUpdateMembership();
  const [draft, setDraft] = useState<Draft>({ type: "free", start: "", end: "", amount: "0" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const t = useT();
  useEffect(() => {
    if (user) {
      setDraft(draftOf(user));
      setErrors({});
    }
  }, [user]);
  const changeType = (type: MembershipType) => {
    const now = Math.floor(Date.now() / 1000);
    // A new yearly membership starts today and ends 365 days from now, amount 0 (SPEC §9).
    setDraft((d) =>
      type === "yearly" && d.type !== "yearly"
        ? { type, start: d.start || toInput(now), end: d.end || toInput(now + YEAR_SECONDS), amount: d.amount || "0" }
        : { ...d, type },
    );
  };
  const submit = () => {
    if (!user) return;
    const parsed = MembershipInputSchema.safeParse({
      membership_type: draft.type,
      membership_start_date: fromInput(draft.start),
      membership_end_date: fromInput(draft.end),
      membership_amount: draft.amount.trim() === "" ? Number.NaN : Number(draft.amount),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { id: user.id, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(t("admin.membershipDialog.saved"));
          onClose();
        },
        onError: (error) => toast.error(errorMessage(error, t("admin.membershipDialog.failed"))),
      },
    );
  };
  return (
    <Modal
      open={user !== null}
      title={t("admin.membershipDialog.title")}
      onClose={onClose}
      closeLabel={t("common.close")}
    >
      {user && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="text-sm text-slate-700">
            {user.first_name} {user.last_name} · {user.email}
          </p>
          <SelectField
            label={t("admin.membershipDialog.type")}
            value={draft.type}
            onChange={(e) => changeType(e.target.value as MembershipType)}
          >
            {MEMBERSHIP_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABELS[type])}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("admin.membershipDialog.start")}
              type="date"
              value={draft.start}
              error={errors.membership_start_date && sentence(errors.membership_start_date)}
              onChange={(e) => setDraft((d) => ({ ...d, start: e.target.value }))}
            />
            <TextField
              label={t("admin.membershipDialog.end")}
              type="date"
              value={draft.end}
              error={errors.membership_end_date && sentence(errors.membership_end_date)}
              onChange={(e) => setDraft((d) => ({ ...d, end: e.target.value }))}
            />
          </div>
          <TextField
            label={t("admin.membershipDialog.amount")}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={draft.amount}
            error={errors.membership_amount && sentence(errors.membership_amount)}
            onChange={(e) => setDraft((d) => ({ ...d, amount: e.target.value }))}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              {t("admin.membershipDialog.save")}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
