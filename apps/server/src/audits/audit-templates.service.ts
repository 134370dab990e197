// A workspace's audit templates (issue 25, decision 0028). Every member lists and reads them (to
// start an audit with one); only an owner creates, edits, archives or imports one. A changed content
// publishes the next version, frozen in audit_template_versions, so an audit keeps the version it
// was started with; the built-in standard template is never stored and cannot be changed.
import { templateFromCsv } from "@sitesnag/shared/audit-template-csv";
import {
  type AuditTemplateApi,
  type AuditTemplateList,
  type AuditTemplateRef,
  STANDARD_TEMPLATE,
  STANDARD_TEMPLATE_ID,
  type TemplateCreate,
  TemplateCreateSchema,
  type TemplateDefinition,
  type TemplateImport,
  type TemplatePatch,
  type TemplateSectionDef,
  templateItems,
} from "@sitesnag/shared/audit-templates";
import { UUID_PATTERN } from "@sitesnag/shared/ids";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { AppContext } from "../context";
import type { AuditTemplatesTable, Database, UserRow } from "../db/schema";
import { uniqueViolation } from "../db/unique-violation";
import { AppError, badRequest, conflict, forbidden, notFound } from "../http/errors";
import { newId } from "../ids";
import { nowSeconds } from "../time";
import { isWorkspaceOwner } from "./audits.access";

type Q = Kysely<Database> | Transaction<Database>;
type TemplateRow = Selectable<AuditTemplatesTable>;

const STANDARD_CREATED = 0;

/** Ids for sections and items that have none yet; existing ones are kept, so edits keep answers. */
function withIds(sections: TemplateCreate["sections"]): TemplateDefinition {
  const shortId = (prefix: string) => `${prefix}-${newId().replace(/-/g, "").slice(-12)}`;
  return {
    sections: sections.map(
      (s): TemplateSectionDef => ({
        id: s.id ?? shortId("s"),
        title: s.title,
        // Built field by field, so the stored JSON compares equal to an unchanged resubmission.
        items: s.items.map((i) => ({
          id: i.id ?? shortId("q"),
          question: i.question,
          guidance: i.guidance,
          answerSet: i.answerSet,
          unit: i.answerSet === "number" ? i.unit : "",
          min: i.answerSet === "number" ? i.min : null,
          max: i.answerSet === "number" ? i.max : null,
          photoOnNc: i.photoOnNc,
          riskOnNc: i.riskOnNc,
          weight: i.weight,
        })),
      }),
    ),
  };
}

function requireOwner(user: UserRow): void {
  if (!isWorkspaceOwner(user)) throw forbidden("Only a workspace owner can change audit templates.");
}

const findTemplate = (db: Q, workspaceId: string, id: string) =>
  UUID_PATTERN.test(id)
    ? db
        .selectFrom("audit_templates")
        .selectAll()
        .where("workspace_id", "=", workspaceId)
        .where("id", "=", id)
        .executeTakeFirst()
    : Promise.resolve(undefined);

async function requireTemplate(ctx: AppContext, user: UserRow, id: string): Promise<TemplateRow> {
  const row = await findTemplate(ctx.db, user.workspace_id, id);
  if (!row) throw notFound("Template");
  return row;
}

/** Published versions never change, so they are kept in memory once read. */
const versionCache = new Map<string, TemplateDefinition>();
const CACHE_SIZE = 500;

export async function templateVersion(db: Q, templateId: string, version: number): Promise<TemplateDefinition> {
  const key = `${templateId}@${version}`;
  const cached = versionCache.get(key);
  if (cached) return cached;
  const row = await db
    .selectFrom("audit_template_versions")
    .select("definition")
    .where("template_id", "=", templateId)
    .where("version", "=", version)
    .executeTakeFirst();
  if (!row) throw new Error(`Template ${key} has no stored version`);
  const def = JSON.parse(row.definition) as TemplateDefinition;
  if (versionCache.size >= CACHE_SIZE) versionCache.delete(versionCache.keys().next().value as string);
  versionCache.set(key, def);
  return def;
}

/** The template (at its version) an audit was started with: what its checklist, score and PDF follow. */
export async function templateOfAudit(
  db: Q,
  audit: { template_id: string; template_version: string },
): Promise<AuditTemplateRef> {
  if (audit.template_id === STANDARD_TEMPLATE_ID) return STANDARD_TEMPLATE;
  const [def, row] = await Promise.all([
    templateVersion(db, audit.template_id, Number(audit.template_version)),
    db.selectFrom("audit_templates").select("name").where("id", "=", audit.template_id).executeTakeFirst(),
  ]);
  return { id: audit.template_id, name: row?.name ?? "Template", version: audit.template_version, ...def };
}

/**
 * The template (at its version) an uploaded device audit or backup entry was started with: one of
 * this workspace's, archived or not (the audit was started before), at a version it has published.
 * 400 naming it otherwise: a backup taken to another workspace cannot bring its template along.
 */
export async function templateOfUpload(
  ctx: AppContext,
  user: UserRow,
  sent: { id: string; name: string; version: string },
): Promise<AuditTemplateRef> {
  const row = await findTemplate(ctx.db, user.workspace_id, sent.id);
  const version = /^[1-9]\d{0,8}$/.test(sent.version) ? Number(sent.version) : 0;
  const name = sent.name.slice(0, 200);
  if (!row) {
    throw badRequest(
      `This audit was made with the template "${name}", which is not one of this workspace's templates. Nothing was uploaded.`,
      { template: ["The audit's template is not in this workspace"] },
    );
  }
  if (version === 0 || version > Number(row.version)) {
    throw badRequest(
      `This audit was made with version ${sent.version.slice(0, 20)} of the template "${row.name}", which this workspace does not have. Nothing was uploaded.`,
      { template: ["The audit's template version is not in this workspace"] },
    );
  }
  return templateOfAudit(ctx.db, { template_id: row.id, template_version: String(version) });
}

/** The template a new audit starts with: the standard one or a live template of the workspace. */
export async function templateForNewAudit(ctx: AppContext, user: UserRow, templateId: string) {
  if (templateId === STANDARD_TEMPLATE_ID) return { ref: STANDARD_TEMPLATE };
  const row = await findTemplate(ctx.db, user.workspace_id, templateId);
  if (!row || row.archived_at !== null) {
    throw badRequest("Template must be one of your workspace's templates", {
      templateId: ["Template must be one of your workspace's templates"],
    });
  }
  return { ref: await templateOfAudit(ctx.db, { template_id: row.id, template_version: String(row.version) }) };
}

const summary = (row: TemplateRow): AuditTemplateList["templates"][number] => ({
  id: row.id,
  name: row.name,
  description: row.description,
  version: String(row.version),
  builtIn: false,
  archived: row.archived_at !== null,
  itemCount: Number(row.item_count),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const standardSummary = (): AuditTemplateList["templates"][number] => ({
  id: STANDARD_TEMPLATE.id,
  name: STANDARD_TEMPLATE.name,
  description: STANDARD_TEMPLATE.description,
  version: STANDARD_TEMPLATE.version,
  builtIn: true,
  archived: false,
  itemCount: templateItems(STANDARD_TEMPLATE).length,
  createdAt: STANDARD_CREATED,
  updatedAt: STANDARD_CREATED,
});

async function present(ctx: AppContext, row: TemplateRow): Promise<AuditTemplateApi> {
  const def = await templateVersion(ctx.db, row.id, Number(row.version));
  return { ...summary(row), sections: def.sections };
}

/** GET /api/audit-templates: the standard template first, then the workspace's (archived on request). */
export async function listTemplates(ctx: AppContext, user: UserRow, archived: boolean): Promise<AuditTemplateList> {
  const rows = await ctx.db
    .selectFrom("audit_templates")
    .selectAll()
    .where("workspace_id", "=", user.workspace_id)
    .where("archived_at", archived ? "is not" : "is", null)
    .orderBy("name")
    .orderBy("id")
    .limit(500)
    .execute();
  return { templates: [...(archived ? [] : [standardSummary()]), ...rows.map(summary)] };
}

export async function getTemplate(ctx: AppContext, user: UserRow, id: string): Promise<AuditTemplateApi> {
  if (id === STANDARD_TEMPLATE_ID) return { ...standardSummary(), sections: STANDARD_TEMPLATE.sections };
  return present(ctx, await requireTemplate(ctx, user, id));
}

/** POST /api/audit-templates (and the CSV import): version 1. A repeated client id answers the first. */
export async function createTemplate(
  ctx: AppContext,
  user: UserRow,
  input: TemplateCreate,
): Promise<{ template: AuditTemplateApi; created: boolean }> {
  requireOwner(user);
  const existing = async () => {
    if (!input.clientId) return undefined;
    const row = await ctx.db
      .selectFrom("audit_templates")
      .selectAll()
      .where("workspace_id", "=", user.workspace_id)
      .where("client_id", "=", input.clientId)
      .executeTakeFirst();
    return row ? { template: await present(ctx, row), created: false } : undefined;
  };
  const earlier = await existing();
  if (earlier) return earlier;
  const def = withIds(input.sections);
  const now = nowSeconds();
  const row: TemplateRow = {
    id: newId(),
    workspace_id: user.workspace_id,
    client_id: input.clientId ?? null,
    name: input.name,
    description: input.description,
    version: 1,
    item_count: templateItems(def).length,
    archived_at: null,
    created_by: user.id,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto("audit_templates").values(row).execute();
      await trx
        .insertInto("audit_template_versions")
        .values({
          template_id: row.id,
          version: 1,
          definition: JSON.stringify(def),
          created_by: user.id,
          created_at: now,
        })
        .execute();
    });
  } catch (err) {
    if (uniqueViolation(err) !== null) {
      const winner = await existing();
      if (winner) return winner;
    }
    throw err;
  }
  return { template: await present(ctx, row), created: true };
}

/**
 * PATCH /api/audit-templates/{id}: name and description change in place; changed sections publish
 * the next version (audits already started keep theirs). Sending what is stored changes nothing.
 */
export async function patchTemplate(
  ctx: AppContext,
  user: UserRow,
  id: string,
  patch: TemplatePatch,
): Promise<AuditTemplateApi> {
  if (id === STANDARD_TEMPLATE_ID) {
    throw forbidden("The standard template is built in and cannot be changed. Start a new template from a copy of it.");
  }
  requireOwner(user);
  const row = await requireTemplate(ctx, user, id);
  if (row.archived_at !== null) throw conflict("This template is archived. Nothing was changed.");
  if (patch.baseVersion !== undefined && patch.baseVersion !== Number(row.version)) {
    throw conflict(
      `This template was changed meanwhile (it is now at version ${row.version}). Reload it and try again.`,
    );
  }
  const current = await templateVersion(ctx.db, row.id, Number(row.version));
  const def = patch.sections ? withIds(patch.sections) : undefined;
  const contentChanged = def !== undefined && JSON.stringify(def) !== JSON.stringify(current);
  const nameChanged = patch.name !== undefined && patch.name !== row.name;
  const descriptionChanged = patch.description !== undefined && patch.description !== row.description;
  if (!contentChanged && !nameChanged && !descriptionChanged) return present(ctx, row);
  const now = nowSeconds();
  const version = Number(row.version) + (contentChanged ? 1 : 0);
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("audit_templates")
      .set({
        name: patch.name ?? row.name,
        description: patch.description ?? row.description,
        version,
        item_count: def && contentChanged ? templateItems(def).length : Number(row.item_count),
        updated_at: now,
      })
      .where("id", "=", row.id)
      .where("version", "=", Number(row.version))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw conflict("This template was changed meanwhile. Reload it and try again.");
    }
    if (def && contentChanged) {
      await trx
        .insertInto("audit_template_versions")
        .values({ template_id: row.id, version, definition: JSON.stringify(def), created_by: user.id, created_at: now })
        .execute();
    }
  });
  return present(ctx, await requireTemplate(ctx, user, id));
}

/** POST /api/audit-templates/{id}/archive: hidden from new audits; audits started with it keep it. */
export async function archiveTemplate(ctx: AppContext, user: UserRow, id: string): Promise<AuditTemplateApi> {
  if (id === STANDARD_TEMPLATE_ID) throw forbidden("The standard template is built in and cannot be archived.");
  requireOwner(user);
  const row = await requireTemplate(ctx, user, id);
  if (row.archived_at === null) {
    await ctx.db
      .updateTable("audit_templates")
      .set({ archived_at: nowSeconds(), updated_at: nowSeconds() })
      .where("id", "=", row.id)
      .where("archived_at", "is", null)
      .execute();
  }
  return present(ctx, await requireTemplate(ctx, user, id));
}

/** POST /api/audit-templates/import: the CSV's rows become version 1, or every row's problem is a 400. */
export async function importTemplate(ctx: AppContext, user: UserRow, input: TemplateImport) {
  requireOwner(user);
  const parsed = templateFromCsv(input.csv);
  if (!parsed.ok) {
    throw new AppError(400, `The CSV file cannot be imported. ${parsed.errors[0]}. Nothing was created.`, {
      csv: parsed.errors,
    });
  }
  const checked = TemplateCreateSchema.safeParse({
    name: input.name,
    description: input.description,
    sections: parsed.template.sections,
    ...(input.clientId ? { clientId: input.clientId } : {}),
  });
  if (!checked.success) {
    const messages = checked.error.issues.map((i) => i.message);
    throw new AppError(400, `The CSV file cannot be imported. ${messages[0]}. Nothing was created.`, {
      csv: messages,
    });
  }
  return createTemplate(ctx, user, checked.data);
}
