// The overview's headline: open, overdue, due within 7 days, awaiting verification. Four cards of
// a fixed height, the same while loading, so nothing below them moves when the figures arrive.
import type { Overview } from "@sitesnag/shared/analytics";
import { clsx } from "clsx";
import { Link } from "react-router";
import type { Message } from "../../../i18n/i18n";
import { msg, useLocale, useT } from "../../../i18n/use-t";
import { formatNumberFor } from "../../../lib/format";
import { type ListFilter, listLink } from "../lib/list-link";

const CARDS: { key: keyof Overview["counts"]; label: Message; filter: ListFilter; tone: string }[] = [
  { key: "open", label: msg("insight.counts.open"), filter: { unresolved: "1" }, tone: "text-slate-900" },
  { key: "overdue", label: msg("insight.counts.overdue"), filter: { due: "overdue" }, tone: "text-red-700" },
  { key: "dueSoon", label: msg("insight.counts.dueSoon"), filter: { due: "soon" }, tone: "text-amber-800" },
  {
    key: "awaitingVerification",
    label: msg("insight.counts.awaitingVerification"),
    filter: { status: "resolved" },
    tone: "text-emerald-800",
  },
];

export function OverviewCounts({ counts, projectId }: { counts: Overview["counts"] | undefined; projectId?: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ul
      aria-label={t("insight.counts.label")}
      aria-busy={counts === undefined}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {CARDS.map((card) => (
        <li key={card.key} className="h-24">
          {counts === undefined ? (
            <div className="h-full animate-pulse rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <p className="text-sm font-medium text-slate-600">{t(card.label)}</p>
              <div className="mt-2 h-8 w-12 rounded bg-slate-200" />
            </div>
          ) : (
            <Link
              to={listLink({ ...card.filter, projectId })}
              className="block h-full rounded-xl bg-white p-4 ring-1 ring-slate-200 transition hover:ring-brand-600"
            >
              <span className="block text-sm font-medium text-slate-600">{t(card.label)}</span>
              <span className={clsx("mt-1 block text-3xl font-bold", card.tone)}>
                {formatNumberFor(locale, counts[card.key])}
              </span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
