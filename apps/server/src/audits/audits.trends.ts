// GET /api/audits/trends: compliance over time per project (completed audits), the items most often
// found non-compliant, and the open actions (non-compliant items with an owner and a due date).
// Each part is one bounded query over the workspace's rows; the API is used by no screen yet.
import { riskScore } from "@sitesnag/shared/audit-scoring";
import { AUDIT_TEMPLATE, sectionTitle } from "@sitesnag/shared/audit-template";
import type { AuditTrends, AuditTrendsQuery } from "@sitesnag/shared/audits-api";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
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
      .select(["audit_answers.item_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("audit_answers.status", "=", "NC")
      .groupBy("audit_answers.item_id")
      .orderBy("n", "desc")
      .orderBy("audit_answers.item_id")
      .limit(TOP_ITEMS)
      .execute(),
    audits
      .innerJoin("audit_answers", "audit_answers.audit_id", "audits.id")
      .select([
        "audits.id",
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
  const question = (id: string) => AUDIT_TEMPLATE.find((t) => t.id === id);
  return {
    scores: [...byProject.values()],
    frequentNonCompliant: frequent.map((f) => ({
      itemId: f.item_id,
      question: question(f.item_id)?.question ?? f.item_id,
      sectionTitle: sectionTitle(question(f.item_id)?.section ?? ""),
      count: Number(f.n),
    })),
    openActions: actions.map((a) => ({
      auditId: a.id,
      projectName: a.name,
      itemId: a.item_id,
      question: question(a.item_id)?.question ?? a.item_id,
      actionOwner: a.action_owner,
      dueDate: Number(a.due_date),
      riskScore: riskScore(
        a.risk_severity === null ? null : Number(a.risk_severity),
        a.risk_likelihood === null ? null : Number(a.risk_likelihood),
      ),
    })),
  };
}
