// GET /api/audits/trends: compliance over time per project (completed audits), the items most often
// found non-compliant, and the open actions (non-compliant items with an owner and a due date).
// Each part is one bounded query over the workspace's rows; questions come from each audit's template.
import { riskScore } from "@sitesnag/shared/audit-scoring";
import { type AuditTemplateRef, STANDARD_TEMPLATE_ID, templateItems } from "@sitesnag/shared/audit-templates";
import type { AuditTrends, AuditTrendsQuery } from "@sitesnag/shared/audits-api";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { templateOfAudit } from "./audit-templates.service";
import { dayToEpoch } from "./audits.service";

/** Points per answer at most: a chart of more would not be read. */
const MAX_POINTS = 2000;
const TOP_ITEMS = 10;
const MAX_ACTIONS = 100;

export async function auditTrends(ctx: AppContext, user: UserRow, query: AuditTrendsQuery): Promise<AuditTrends> {
  if (query.projectId !== undefined && !UUID_PATTERN.test(query.projectId)) {
    return { scores: [], frequentNonCompliant: [], openActions: [] };
  }
  let audits = ctx.db
    .selectFrom("audits")
    .innerJoin("projects", "projects.id", "audits.project_id")
    .where("audits.workspace_id", "=", user.workspace_id);
  if (query.projectId) audits = audits.where("audits.project_id", "=", query.projectId);
  if (query.from) audits = audits.where("audits.audit_date", ">=", dayToEpoch(query.from));
  if (query.to) audits = audits.where("audits.audit_date", "<=", dayToEpoch(query.to));

  const [points, frequent, actions] = await Promise.all([
    audits
      .select(["audits.id", "audits.project_id", "projects.name", "audits.audit_date", "audits.overall_score"])
      .where("audits.status", "=", "completed")
      .orderBy("audits.audit_date", "desc")
      .orderBy("audits.id", "desc")
      .limit(MAX_POINTS)
      .execute(),
    audits
      .innerJoin("audit_answers", "audit_answers.audit_id", "audits.id")
      .select(["audits.template_id", "audit_answers.item_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("audit_answers.status", "=", "NC")
      .groupBy(["audits.template_id", "audit_answers.item_id"])
      .orderBy("n", "desc")
      .orderBy("audit_answers.item_id")
      .limit(TOP_ITEMS)
      .execute(),
    audits
      .innerJoin("audit_answers", "audit_answers.audit_id", "audits.id")
      .select([
        "audits.id",
        "audits.template_id",
        "audits.template_version",
        "projects.name",
        "audit_answers.item_id",
        "audit_answers.action_owner",
        "audit_answers.due_date",
        "audit_answers.risk_severity",
        "audit_answers.risk_likelihood",
      ])
      .where("audit_answers.status", "=", "NC")
      .where("audit_answers.action_owner", "<>", "")
      .where("audit_answers.due_date", "is not", null)
      .orderBy("audit_answers.due_date")
      .orderBy("audits.id")
      .limit(MAX_ACTIONS)
      .execute(),
  ]);

  const byProject = new Map<string, AuditTrends["scores"][number]>();
  for (const p of [...points].reverse()) {
    const entry = byProject.get(p.project_id) ?? { projectId: p.project_id, projectName: p.name, points: [] };
    entry.points.push({ auditId: p.id, auditDate: Number(p.audit_date), score: Number(p.overall_score) });
    byProject.set(p.project_id, entry);
  }
  // Each template version once; a template's frequent items are named as its newest version asks them.
  const templates = new Map<string, Promise<AuditTemplateRef>>();
  const templateAt = (templateId: string, version: string) => {
    const key = `${templateId}@${version}`;
    if (!templates.has(key))
      templates.set(key, templateOfAudit(ctx.db, { template_id: templateId, template_version: version }));
    return templates.get(key) as Promise<AuditTemplateRef>;
  };
  const customIds = [...new Set(frequent.map((f) => f.template_id))].filter((id) => id !== STANDARD_TEMPLATE_ID);
  const newest = new Map(
    customIds.length === 0
      ? []
      : (
          await ctx.db
            .selectFrom("audit_templates")
            .select(["id", "version"])
            .where("workspace_id", "=", user.workspace_id)
            .where("id", "in", customIds)
            .execute()
        ).map((r) => [r.id, String(r.version)]),
  );
  const itemOf = async (templateId: string, version: string | undefined, itemId: string) =>
    version === undefined && templateId !== STANDARD_TEMPLATE_ID
      ? undefined
      : templateItems(await templateAt(templateId, version ?? "")).find((t) => t.id === itemId);
  const frequentItems = await Promise.all(
    frequent.map((f) => itemOf(f.template_id, newest.get(f.template_id), f.item_id)),
  );
  const actionItems = await Promise.all(actions.map((a) => itemOf(a.template_id, a.template_version, a.item_id)));
  return {
    scores: [...byProject.values()],
    frequentNonCompliant: frequent.map((f, i) => ({
      itemId: f.item_id,
      question: frequentItems[i]?.question ?? f.item_id,
      sectionTitle: frequentItems[i]?.sectionTitle ?? "",
      count: Number(f.n),
    })),
    openActions: actions.map((a, i) => ({
      auditId: a.id,
      projectName: a.name,
      itemId: a.item_id,
      question: actionItems[i]?.question ?? a.item_id,
      actionOwner: a.action_owner,
      dueDate: Number(a.due_date),
      riskScore: riskScore(
        a.risk_severity === null ? null : Number(a.risk_severity),
        a.risk_likelihood === null ? null : Number(a.risk_likelihood),
      ),
    })),
  };
}
