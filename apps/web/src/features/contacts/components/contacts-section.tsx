import type { Contact } from "@sitesnag/shared/contacts";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../../components/states";
import { type Translate, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useContacts, useDeleteContact } from "../api/contacts-api";
import { groupByCompany } from "./assignee-options";
import { LazyContactDialog } from "./lazy-contact-dialog";

/** What deleting a contact does, said before it is done (decision 0029). */
export const deleteMessage = (t: Translate, c: Contact) =>
  c.reportCount === 0
    ? t("contacts.deleteConfirm.none", { name: c.name, company: c.company })
    : t("contacts.deleteConfirm.some", { name: c.name, company: c.company, count: c.reportCount });

/** The Team page's contacts: people outside the workspace that reports can be assigned to. */
export function ContactsSection() {
  const contacts = useContacts();
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<Contact | null | "new">(null);
  const [target, setTarget] = useState<Contact | null>(null);
  const companies = [...new Set((contacts.data ?? []).map((c) => c.company))];
  const t = useT();

  return (
    <section aria-labelledby="contacts-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="contacts-heading" className="text-lg font-semibold text-slate-900">
            {t("contacts.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("contacts.subtitle")}</p>
        </div>
        <Button variant="secondary" onClick={() => setEditing("new")}>
          <UserPlus aria-hidden className="size-4" />
          {t("contacts.add")}
        </Button>
      </div>
      {contacts.isPending ? (
        <LoadingState label={t("contacts.loading")} />
      ) : contacts.isError ? (
        <ErrorState
          message={errorMessage(contacts.error, t("contacts.loadFailed"))}
          onRetry={() => contacts.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : contacts.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
          {t("contacts.empty")}
        </p>
      ) : (
        <div className="space-y-4">
          {groupByCompany(contacts.data).map((g) => (
            <div key={g.company}>
              <h3 className="mb-1 text-sm font-semibold text-slate-700">{g.company}</h3>
              <ul
                aria-label={t("contacts.at", { company: g.company })}
                className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
              >
                {g.contacts.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="break-words font-medium text-slate-900">{c.name}</p>
                      <p className="break-all text-sm text-slate-600">
                        {c.email} · {t("contacts.reports", { count: c.reportCount })}
                      </p>
                    </div>
                    <Button
                      variant="secondary"
                      onClick={() => setEditing(c)}
                      aria-label={t("contacts.editLabel", { name: c.name })}
                    >
                      {t("contacts.editAction")}
                    </Button>
                    <Button
                      variant="secondary"
                      onClick={() => setTarget(c)}
                      aria-label={t("contacts.deleteLabel", { name: c.name })}
                    >
                      {t("contacts.delete")}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      <LazyContactDialog
        open={editing !== null}
        contact={editing === "new" ? null : editing}
        companies={companies}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={target !== null}
        title={t("contacts.deleteConfirm.title")}
        message={target ? deleteMessage(t, target) : ""}
        confirmLabel={t("contacts.delete")}
        isPending={remove.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: ({ unassigned }) => {
              toast.success(
                unassigned > 0 ? t("contacts.deletedUnassigned", { count: unassigned }) : t("contacts.deleted"),
              );
              setTarget(null);
            },
            onError: (error) => toast.error(errorMessage(error, t("contacts.deleteFailed"))),
          })
        }
      />
    </section>
  );
}
