// One list of invitations under its heading (pending, or what became of the recent ones): loading,
// a failure with Try again, an empty sentence, or a row per invitation drawn by the caller.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ErrorState, LoadingState } from "../../../components/states";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";

export function InvitationList<T extends { id: string }>({
  id,
  title,
  empty,
  invitations,
  row,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  empty: string;
  invitations: UseQueryResult<T[]>;
  /** One invitation's row content (inside its list item). */
  row: (invitation: T) => ReactNode;
  /** Below the list (e.g. a confirmation dialog). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {invitations.isPending ? (
        <LoadingState label={t("team.invitations.loading")} />
      ) : invitations.isError ? (
        <ErrorState
          message={errorMessage(invitations.error, t("team.invitations.loadFailed"))}
          onRetry={() => invitations.refetch()}
          retryLabel={t("common.tryAgain")}
        />
      ) : invitations.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          {empty}
        </p>
      ) : (
        <ul aria-label={title} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              {row(i)}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
