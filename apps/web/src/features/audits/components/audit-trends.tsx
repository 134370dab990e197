// Audit trends (issue 25): compliance over time per project as a chart with the same numbers in a
// table beside it, the items most often found non-compliant, and open actions by due date — all from
// GET /api/audits/trends (completed audits of the workspace).
import { complianceBand } from "@sitesnag/shared/audit-scoring";
import { standardQuestionId, standardSectionId } from "@sitesnag/shared/audit-template-i18n";
import type { AuditTrends as Trends } from "@sitesnag/shared/audits-api";
import { useQuery } from "@tanstack/react-query";
import { EmptyState, ErrorState, LoadingState } from "../../../components/states";
import type { MessageId } from "../../../i18n/i18n";
import { type Translate, useLocale, useT } from "../../../i18n/use-t";
import { api, errorMessage } from "../../../lib/api-client";
import { formatDateFor } from "../../../lib/format";

/** Colours far enough apart (and dark enough on white) to tell up to eight lines apart. */
const COLOURS = ["#1d4ed8", "#b45309", "#047857", "#b91c1c", "#7c3aed", "#0e7490", "#be185d", "#4d7c0f"];
const W = 640;
const H = 260;
const PAD = { left: 40, right: 16, top: 16, bottom: 32 };

/** A standard question or section in the reader's language (others as written). */
const standardText = (t: Translate, id: string | undefined, english: string) =>
  id ? t([id as MessageId, [english]]) : english;

/** The audits page's trends section, loaded in its own chunk when it is opened (audits-page.tsx). */
export function AuditTrends() {
  const t = useT();
  const trends = useQuery({ queryKey: ["audit-trends"], queryFn: () => api<Trends>("/audits/trends") });
  if (trends.isPending) return <LoadingState label={t("audits.trends.loading")} />;
  if (trends.isError) {
    return (
      <ErrorState
        message={errorMessage(trends.error, t("audits.trends.loadFailed"))}
        onRetry={() => trends.refetch()}
      />
    );
  }
  return (
    <div className="space-y-8">
      <p className="text-sm text-slate-600">{t("audits.trends.from")}</p>
      <ScoresOverTime scores={trends.data.scores} />
      <FrequentNonCompliant items={trends.data.frequentNonCompliant} />
      <OpenActions actions={trends.data.openActions} />
    </div>
  );
}

function ScoresOverTime({ scores }: { scores: Trends["scores"] }) {
  const t = useT();
  const locale = useLocale();
  const formatDate = (seconds: number) => formatDateFor(locale, seconds);
  const points = scores.flatMap((s) => s.points);
  if (points.length === 0) {
    return (
      <section aria-labelledby="scores-heading">
        <h3 id="scores-heading" className="mb-3 text-base font-semibold text-slate-900">
          {t("audits.trends.scoresTitle")}
        </h3>
        <EmptyState title={t("audits.trends.noneTitle")}>{t("audits.trends.noneBody")}</EmptyState>
      </section>
    );
  }
  const first = Math.min(...points.map((p) => p.auditDate));
  const last = Math.max(...points.map((p) => p.auditDate));
  const span = Math.max(last - first, 1);
  const x = (t: number) => PAD.left + (points.length === 1 ? 0.5 : (t - first) / span) * (W - PAD.left - PAD.right);
  const y = (score: number) => PAD.top + (1 - score / 100) * (H - PAD.top - PAD.bottom);
  const summary = scores
    .map((s) => {
      const ps = s.points;
      const latest = ps[ps.length - 1];
      return t("audits.trends.projectSummary", { project: s.projectName, count: ps.length, score: latest?.score ?? 0 });
    })
    .join("; ");
  return (
    <section aria-labelledby="scores-heading">
      <h3 id="scores-heading" className="mb-3 text-base font-semibold text-slate-900">
        {t("audits.trends.scoresTitle")}
      </h3>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <figure className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <svg
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-labelledby="scores-title scores-desc"
            className="h-auto w-full"
          >
            <title id="scores-title">{t("audits.trends.chartTitle")}</title>
            <desc id="scores-desc">
              {t("audits.trends.chartDesc", { from: formatDate(first), to: formatDate(last), summary })}
            </desc>
            {[0, 25, 50, 70, 90, 100].map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeWidth={1} />
                <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={11} fill="#475569">
                  {v}
                </text>
              </g>
            ))}
            <text x={PAD.left} y={H - 8} fontSize={11} fill="#475569">
              {formatDate(first)}
            </text>
            <text x={W - PAD.right} y={H - 8} fontSize={11} fill="#475569" textAnchor="end">
              {formatDate(last)}
            </text>
            {scores.map((s, i) => {
              const colour = COLOURS[i % COLOURS.length];
              return (
                <g key={s.projectId}>
                  {s.points.length > 1 && (
                    <polyline
                      fill="none"
                      stroke={colour}
                      strokeWidth={2.5}
                      points={s.points.map((p) => `${x(p.auditDate)},${y(p.score)}`).join(" ")}
                    />
                  )}
                  {s.points.map((p) => (
                    <circle key={p.auditId} cx={x(p.auditDate)} cy={y(p.score)} r={4} fill={colour} />
                  ))}
                </g>
              );
            })}
          </svg>
          <figcaption>
            <ul
              aria-label={t("audits.trends.legend")}
              className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700"
            >
              {scores.map((s, i) => (
                <li key={s.projectId} className="flex items-center gap-1.5">
                  <span
                    aria-hidden
                    className="inline-block size-3 rounded-full"
                    style={{ background: COLOURS[i % COLOURS.length] }}
                  />
                  {s.projectName}
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("audits.trends.tableCaption")}</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("audits.newForm.project")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("audits.newForm.date")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("audits.trends.score")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {scores.flatMap((s) =>
                s.points.map((p) => (
                  <tr key={p.auditId}>
                    <td className="px-3 py-2">{s.projectName}</td>
                    <td className="px-3 py-2">{formatDate(p.auditDate)}</td>
                    <td className="px-3 py-2 text-right font-semibold" data-band={complianceBand(p.score)}>
                      {t("audits.score.percent", { score: p.score })}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

function FrequentNonCompliant({ items }: { items: Trends["frequentNonCompliant"] }) {
  const t = useT();
  return (
    <section aria-labelledby="frequent-heading">
      <h3 id="frequent-heading" className="mb-3 text-base font-semibold text-slate-900">
        {t("audits.trends.frequent")}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("audits.trends.noneNc")}</p>
      ) : (
        <ol
          aria-label={t("audits.trends.frequent")}
          className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {items.map((item) => (
            <li key={`${item.sectionTitle}-${item.itemId}`} className="flex items-start gap-3 px-4 py-3">
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-slate-900">
                  {standardText(t, standardQuestionId(item.itemId, item.question), item.question)}
                </span>
                {item.sectionTitle && (
                  <span className="block text-xs text-slate-600">
                    {standardText(
                      t,
                      standardSectionId(item.itemId.replace(/-\d+$/, ""), item.sectionTitle),
                      item.sectionTitle,
                    )}
                  </span>
                )}
              </span>
              <span className="shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-800">
                {item.count}
                <span className="sr-only"> {t("audits.trends.times", { count: item.count })}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function OpenActions({ actions }: { actions: Trends["openActions"] }) {
  const t = useT();
  const locale = useLocale();
  const now = Date.now() / 1000;
  return (
    <section aria-labelledby="actions-heading">
      <h3 id="actions-heading" className="mb-3 text-base font-semibold text-slate-900">
        {t("audits.trends.actions")}
      </h3>
      {actions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("audits.trends.noActions")}</p>
      ) : (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full table-fixed text-left text-sm [&_td]:break-words">
            <caption className="sr-only">{t("audits.trends.actionsCaption")}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("audits.trends.due")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("audits.trends.item")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("audits.newForm.project")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("audits.trends.owner")}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t("audits.risk.label")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {actions.map((a) => (
                <tr key={`${a.auditId}-${a.itemId}`}>
                  <td className={`px-3 py-2 ${a.dueDate < now ? "font-semibold text-red-800" : ""}`}>
                    {formatDateFor(locale, a.dueDate)}
                    {a.dueDate < now && ` (${t("audits.trends.overdue")})`}
                  </td>
                  <td className="px-3 py-2">{standardText(t, standardQuestionId(a.itemId, a.question), a.question)}</td>
                  <td className="px-3 py-2">{a.projectName}</td>
                  <td className="px-3 py-2">{a.actionOwner}</td>
                  <td className="px-3 py-2 text-right">{a.riskScore || "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
