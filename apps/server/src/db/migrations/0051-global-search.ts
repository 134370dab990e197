import { STANDARD_TRADE_NAMES } from "@sitesnag/shared/trade-names";
import { type Kysely, PostgresAdapter, sql } from "kysely";

// One search box (issue 39, decision 0076): one index of everything a workspace can find — reports
// (reference, description, location path, trade), projects, audits, sheets, contacts and members —
// kept in step by triggers, so no write path (sync, bulk, trash, cascades, membership moves) can
// forget it. Each document has a head (what the thing is called, ranked higher) and a body.
// - PostgreSQL: `search_documents`, one `tsvector` per item ('simple' configuration, no stemming:
//   references, names and flat numbers are not words of one language), the text folded first by
//   `search_fold` (decomposed, combining marks dropped and lower-cased as shared/search.ts folds,
//   punctuation to spaces; PostgreSQL's normalize() needs a UTF8 database), served by a GIN index.
// - SQLite: the FTS5 table `search_fts` (tokenizer unicode61, remove_diacritics 2), its rowids
//   those of `search_items`, which names each row's kind, id and workspace.
// A location's path or a trade's name changing re-indexes the reports that show it.

type Kind = {
  kind: string;
  /** The table and its joins, the item aliased `x`. */
  from: string;
  head: string;
  body: string;
};

const tradeName = `coalesce(t.name, case x.category ${Object.entries(STANDARD_TRADE_NAMES)
  .map(([key, name]) => `when '${key}' then '${name}'`)
  .join(" ")} else x.category end)`;

const KINDS = {
  report: {
    kind: "report",
    from: `snagging_reports x left join locations l on l.id = x.location_id
      left join trades t on t.workspace_id = x.workspace_id and t.key = x.category`,
    head: "x.title",
    body: `x.description || ' ' || coalesce(l.path, '') || ' ' || ${tradeName}`,
  },
  project: {
    kind: "project",
    from: "projects x",
    head: "x.name",
    body: "x.description || ' ' || x.location || ' ' || x.client_name",
  },
  audit: {
    kind: "audit",
    from: "audits x left join audit_templates t on t.id = x.template_id",
    // The standard template has no row: its name as shared/audit-template-standard.ts gives it.
    head: "coalesce(t.name, 'UK site safety (standard)')",
    body: "x.auditor_name || ' ' || x.site_rep_name || ' ' || x.notes",
  },
  sheet: { kind: "sheet", from: "sheets x", head: "x.name", body: "x.level" },
  contact: { kind: "contact", from: "workspace_contacts x", head: "x.name", body: "x.company || ' ' || x.email" },
  member: { kind: "member", from: "users x", head: "x.first_name || ' ' || x.last_name", body: "x.email" },
} satisfies Record<string, Kind>;

/** Source table → kind, and the columns whose change re-indexes the item. */
const SOURCES: [table: string, kind: Kind, columns: string][] = [
  ["snagging_reports", KINDS.report, "title, description, location_id, category, workspace_id"],
  ["projects", KINDS.project, "name, description, location, client_name, workspace_id"],
  ["audits", KINDS.audit, "template_id, auditor_name, site_rep_name, notes, workspace_id"],
  ["sheets", KINDS.sheet, "name, level, workspace_id"],
  ["workspace_contacts", KINDS.contact, "name, company, email, workspace_id"],
  ["users", KINDS.member, "first_name, last_name, email, workspace_id"],
];

/**
 * Combining marks, as `foldForSearch` drops them after NFD (its \p{Diacritic} also counts a few
 * spacing marks such as ^ and `, which the document's punctuation rule turns into spaces anyway).
 */
const COMBINING_MARKS = "[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]+";

// ---------------------------------------------------------------- PostgreSQL

const pgUpsert = (k: Kind, where: string) => `insert into search_documents (kind, item_id, workspace_id, doc)
  select '${k.kind}', x.id, x.workspace_id, search_doc(x.workspace_id, ${k.head}, ${k.body}) from ${k.from} where ${where}
  on conflict (kind, item_id) do update set workspace_id = excluded.workspace_id, doc = excluded.doc;`;

/** Every kind's documents written again from their sources (migration 0055 changed `search_doc`). */
export const pgReindexAll = (): string[] => SOURCES.map(([, k]) => pgUpsert(k, "true"));

function pgStatements(): string[] {
  const out = [
    `create table search_documents (
      kind text not null, item_id text not null, workspace_id text not null, doc tsvector not null,
      primary key (kind, item_id))`,
    "create index search_documents_doc_idx on search_documents using gin (doc)",
    // ASCII text (most of it) skips the normalisation; the rest is decomposed and its marks dropped.
    `create function search_fold(t text) returns text language sql immutable parallel safe as $f$
      select regexp_replace(lower(case when octet_length(t) = char_length(t) then t
        else regexp_replace(normalize(t, NFD), '${COMBINING_MARKS}', '', 'g') end), '[[:punct:][:space:]]+', ' ', 'g')
    $f$`,
    // The workspace is a lexeme of its own ('#' and the id: no searched word has a '#'), so the GIN
    // index intersects a word with the workspace instead of reading every workspace's matches.
    `create function search_doc(workspace text, head text, body text) returns tsvector language sql stable parallel safe as $f$
      select setweight(array_to_tsvector(array['#' || workspace]), 'D')
        || setweight(to_tsvector('simple', search_fold(coalesce(head, ''))), 'A')
        || setweight(to_tsvector('simple', search_fold(coalesce(body, ''))), 'B')
    $f$`,
  ];
  for (const [table, k, columns] of SOURCES) {
    out.push(
      `create function search_sync_${k.kind}() returns trigger language plpgsql as $f$ begin
        if tg_op = 'DELETE' then
          delete from search_documents where kind = '${k.kind}' and item_id = old.id;
        else
          ${pgUpsert(k, "x.id = new.id")}
        end if;
        return null;
      end $f$`,
      `create trigger search_sync_${k.kind} after insert or delete or update of ${columns} on ${table}
        for each row execute function search_sync_${k.kind}()`,
      pgUpsert(k, "true"),
    );
  }
  out.push(
    `create function search_sync_location() returns trigger language plpgsql as $f$ begin
      ${pgUpsert(KINDS.report, "x.location_id = new.id")}
      return null;
    end $f$`,
    `create trigger search_sync_location after update of path on locations
      for each row when (old.path is distinct from new.path) execute function search_sync_location()`,
    `create function search_sync_trade() returns trigger language plpgsql as $f$ begin
      if tg_op = 'DELETE' then
        ${pgUpsert(KINDS.report, "x.workspace_id = old.workspace_id and x.category = old.key")}
      else
        ${pgUpsert(KINDS.report, "x.workspace_id = new.workspace_id and x.category = new.key")}
      end if;
      return null;
    end $f$`,
    `create trigger search_sync_trade after insert or delete or update of name on trades
      for each row execute function search_sync_trade()`,
    `create function search_sync_template() returns trigger language plpgsql as $f$ begin
      ${pgUpsert(KINDS.audit, "x.template_id = new.id")}
      return null;
    end $f$`,
    `create trigger search_sync_template after update of name on audit_templates
      for each row when (old.name is distinct from new.name) execute function search_sync_template()`,
  );
  return out;
}

// ---------------------------------------------------------------- SQLite

/** Re-indexes the items of `k` matching `where` (their search_items rows exist). */
const sqliteRefresh = (k: Kind, where: string) => `
  delete from search_fts where rowid in (select i.id from ${k.from}
    join search_items i on i.kind = '${k.kind}' and i.item_id = x.id where ${where});
  insert into search_fts (rowid, head, body) select i.id, ${k.head}, ${k.body} from ${k.from}
    join search_items i on i.kind = '${k.kind}' and i.item_id = x.id where ${where};`;

const sqliteItem = (k: Kind) => `insert into search_items (kind, item_id, workspace_id)
  values ('${k.kind}', new.id, new.workspace_id)
  on conflict (kind, item_id) do update set workspace_id = excluded.workspace_id;`;

function sqliteStatements(): string[] {
  const out = [
    `create table search_items (
      id integer primary key, kind text not null, item_id text not null, workspace_id text not null,
      unique (kind, item_id))`,
    `create virtual table search_fts using fts5(head, body, tokenize = 'unicode61 remove_diacritics 2')`,
  ];
  for (const [table, k, columns] of SOURCES) {
    out.push(
      `create trigger search_sync_${k.kind}_insert after insert on ${table} begin
        ${sqliteItem(k)} ${sqliteRefresh(k, "x.id = new.id")} end`,
      `create trigger search_sync_${k.kind}_update after update of ${columns} on ${table} begin
        ${sqliteItem(k)} ${sqliteRefresh(k, "x.id = new.id")} end`,
      `create trigger search_sync_${k.kind}_delete after delete on ${table} begin
        delete from search_fts where rowid = (select id from search_items where kind = '${k.kind}' and item_id = old.id);
        delete from search_items where kind = '${k.kind}' and item_id = old.id; end`,
      `insert into search_items (kind, item_id, workspace_id) select '${k.kind}', id, workspace_id from ${table}`,
      `insert into search_fts (rowid, head, body) select i.id, ${k.head}, ${k.body} from ${k.from}
        join search_items i on i.kind = '${k.kind}' and i.item_id = x.id`,
    );
  }
  out.push(
    `create trigger search_sync_location after update of path on locations when old.path is not new.path begin
      ${sqliteRefresh(KINDS.report, "x.location_id = new.id")} end`,
    `create trigger search_sync_trade_insert after insert on trades begin
      ${sqliteRefresh(KINDS.report, "x.workspace_id = new.workspace_id and x.category = new.key")} end`,
    `create trigger search_sync_trade_update after update of name on trades begin
      ${sqliteRefresh(KINDS.report, "x.workspace_id = new.workspace_id and x.category = new.key")} end`,
    `create trigger search_sync_trade_delete after delete on trades begin
      ${sqliteRefresh(KINDS.report, "x.workspace_id = old.workspace_id and x.category = old.key")} end`,
    `create trigger search_sync_template after update of name on audit_templates when old.name is not new.name begin
      ${sqliteRefresh(KINDS.audit, "x.template_id = new.id")} end`,
  );
  return out;
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of isPostgres(db) ? pgStatements() : sqliteStatements()) {
    await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers: [string, string][] = [
    ...SOURCES.map(([table, k]) => [`search_sync_${k.kind}`, table] as [string, string]),
    ["search_sync_location", "locations"],
    ["search_sync_trade", "trades"],
    ["search_sync_template", "audit_templates"],
  ];
  if (isPostgres(db)) {
    for (const [name, table] of triggers) {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
    await sql.raw("drop function if exists search_doc(text, text, text)").execute(db);
    await sql.raw("drop function if exists search_fold(text)").execute(db);
    await sql.raw("drop table if exists search_documents").execute(db);
    return;
  }
  for (const [name] of triggers) {
    for (const suffix of ["", "_insert", "_update", "_delete"]) {
      await sql.raw(`drop trigger if exists ${name}${suffix}`).execute(db);
    }
  }
  await sql.raw("drop table if exists search_fts").execute(db);
  await sql.raw("drop table if exists search_items").execute(db);
}
