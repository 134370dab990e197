// Below the headline (issue 37), loaded after it: the weekly chart and where it leads, ageing by
// priority, and open and overdue snags by trade, by assignee and by location (a level at a time).
// Each chart is a table of its numbers, every figure a link to the list it counts.
import type { Overview } from "@sitesnag/shared/analytics";
import { PRIORITIES } from "@sitesnag/shared/enums";
import type { ReactNode } from "react";
import { PRIORITY_LABELS } from "../../../components/report-badges";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatNumberFor } from "../../../lib/format";
import { listLink } from "../lib/list-link";
import { tradeName } from "../lib/trade-name";
import { FigureTable } from "./figure-table";
import { WeeklyChart } from "./weekly-chart";

function Section({ title, children }: { title: string; children: ReactNode }) {
  // min-w-0: a grid item may shrink below its widest word, so a longer language's table scrolls
  // inside its box (FigureTable) rather than widening the page past a phone's screen.
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h3 className="mb-3 text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

type Props = {
  overview: Overview;
  projectId: string | undefined;
  onLocation: (id: string | undefined) => void;
};

export default function OverviewCharts({ overview: o, projectId, onLocation }: Props) {
  const t = useT();
  const locale = useLocale();
  const day = (d: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${d}T00:00:00Z`));
  const n = (v: number) => formatNumberFor(locale, v);
  const projection =
    o.counts.open === 0
      ? t("insight.projection.nothingOpen")
      : o.projection.date
        ? t("insight.projection.date", { date: day(o.projection.date) })
        : t("insight.projection.notConverging");
  const ageName = (bucket: string) =>
    bucket === "90+" ? t("insight.ageing.over90") : t("insight.ageing.days", { range: bucket.replace("-", "–") });
  const openOverdue = (
    filter: Parameters<typeof listLink>[0],
    name: string,
    row: { open: number; overdue: number },
  ) => [
    {
      value: row.open,
      to: listLink({ projectId, ...filter, unresolved: "1" }),
      label: t("insight.link.open", { count: row.open, name }),
    },
    {
      value: row.overdue,
      to: listLink({ projectId, ...filter, due: "overdue" }),
      label: t("insight.link.overdue", { count: row.overdue, name }),
    },
  ];
  const openHeaders = [{ header: t("insight.counts.open") }, { header: t("insight.counts.overdue") }];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t("insight.weekly.title")}>
        <WeeklyChart weekly={o.weekly} projectId={projectId} />
        <p className="mt-2 text-sm text-slate-800">{projection}</p>
      </Section>
      <Section title={t("insight.ageing.title")}>
        <FigureTable
          caption={t("insight.ageing.title")}
          nameHeader={t("insight.ageing.age")}
          columns={PRIORITIES.slice()
            .reverse()
            .map((p) => ({ header: t(PRIORITY_LABELS[p]) }))}
          rows={o.ageing.map((row) => ({
            key: row.bucket,
            name: ageName(row.bucket),
            bar: row.critical + row.high + row.medium + row.low,
            cells: PRIORITIES.slice()
              .reverse()
              .map((p) => ({
                value: row[p],
                to: listLink({ age: row.bucket, priority: p, projectId }),
                label: t("insight.link.aged", {
                  count: row[p],
                  priority: t(PRIORITY_LABELS[p]),
                  age: ageName(row.bucket),
                }),
              })),
          }))}
        />
      </Section>
      <Section title={t("insight.byTrade.title")}>
        {o.byTrade.length === 0 ? (
          <p className="text-sm text-slate-600">{t("insight.noneOpen")}</p>
        ) : (
          <FigureTable
            caption={t("insight.byTrade.title")}
            nameHeader={t("insight.byTrade.trade")}
            columns={openHeaders}
            rows={o.byTrade.map((r) => {
              const name = tradeName(t, r.key, r.name);
              return { key: r.key, name, bar: r.open, cells: openOverdue({ category: r.key }, name, r) };
            })}
          />
        )}
      </Section>
      <Section title={t("insight.byAssignee.title")}>
        {o.byAssignee.length === 0 ? (
          <p className="text-sm text-slate-600">{t("insight.byAssignee.none")}</p>
        ) : (
          <FigureTable
            caption={t("insight.byAssignee.title")}
            nameHeader={t("insight.byAssignee.person")}
            columns={[
              ...openHeaders,
              { header: t("insight.byAssignee.avgDays") },
              { header: t("insight.byAssignee.rejections") },
            ]}
            rows={o.byAssignee.map((r) => ({
              key: r.id,
              name: r.kind === "contact" ? t("insight.byAssignee.contact", { name: r.name }) : r.name,
              bar: r.open,
              cells: [
                ...openOverdue({ assignedTo: r.id }, r.name, r),
                { value: r.avgDaysToResolve === null ? null : n(r.avgDaysToResolve) },
                { value: r.rejections },
              ],
            }))}
          />
        )}
      </Section>
      <Section
        title={o.location ? t("insight.byLocation.inside", { path: o.location.path }) : t("insight.byLocation.title")}
      >
        {o.location && (
          <button
            type="button"
            onClick={() => onLocation(o.location?.parentId ?? undefined)}
            className="mb-2 min-h-11 text-sm font-medium text-brand-700 underline"
          >
            {t("insight.byLocation.up")}
          </button>
        )}
        {o.byLocation.length === 0 ? (
          <p className="text-sm text-slate-600">{t("insight.byLocation.none")}</p>
        ) : (
          <FigureTable
            caption={t("insight.byLocation.title")}
            nameHeader={t("insight.byLocation.location")}
            columns={openHeaders}
            rows={o.byLocation.map((r) => ({
              key: r.id,
              name: r.hasChildren ? (
                <button
                  type="button"
                  onClick={() => onLocation(r.id)}
                  aria-label={t("insight.byLocation.drill", { path: r.path })}
                  className="min-h-8 text-start font-medium text-brand-700 underline"
                >
                  {r.path}
                </button>
              ) : (
                r.path
              ),
              bar: r.open,
              cells: openOverdue({ projectId: r.projectId, locationId: r.id }, r.path, r),
            }))}
          />
        )}
      </Section>
    </div>
  );
}
