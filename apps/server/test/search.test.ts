// GET /api/search (issue 39): one box for reports, projects, audits, sheets, contacts and members,
// on SQLite (FTS5) and PostgreSQL (tsvector + GIN): ranked with an exact reference first, accents
// folded, the index kept in step by triggers (edits, renames of a location or a trade, deletes),
// another workspace never answered, and bad input answered with a sentence.
import { type SearchResult, searchTokens } from "@sitesnag/shared/global-search";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/ids";
import { createAudit } from "./audit-factories";
import { createProject, insertReport, joinByInvitation, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

describe.each(DIALECTS)("GET /api/search (%s)", (kind) => {
  let t: TestApp;
  let token: string;
  let workspaceId: string;
  let projectId: string;
  let strangerToken: string;

  const search = async (q: string, as = token, extra = "") => {
    const res = await t.request({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}${extra}`, token: as });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: SearchResult[] }).results;
  };
  const titles = async (q: string, as = token) => (await search(q, as)).map((r) => `${r.kind}:${r.title}`);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const owner = await signUp(t, { firstName: "Olga", lastName: "Ñúñez" });
    token = owner.accessToken;
    workspaceId = owner.user.workspaceId;
    const project = await createProject(t, token, { name: "Quay Façades", clientName: "Harbour Trust" });
    projectId = project.id;
    const stranger = await signUp(t);
    strangerToken = stranger.accessToken;
    const theirs = await createProject(t, strangerToken, { name: "Other Quay" });
    await insertReport(
      t,
      { workspaceId: stranger.user.workspaceId, projectId: theirs.id },
      { title: "SNAG-20250101-7777", description: "Crack in their façade" },
    );
  });
  afterAll(() => t.close());

  it("finds a report by its reference, description, location and trade, folding case and accents", async () => {
    const loc = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/locations`,
      token,
      payload: { name: "Flat 3.04" },
    });
    expect(loc.statusCode, loc.body).toBe(201);
    const locationId = (loc.json() as { location: { id: string } }).location.id;
    await insertReport(
      t,
      { workspaceId, projectId },
      {
        title: "SNAG-20250102-4242",
        description: "Crème render cracked",
        location_id: locationId,
        category: "plumbing",
      },
    );
    expect(await titles("SNAG-20250102-4242")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("creme")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("CRÈME RENDER")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("flat 3.04")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("plumb crack")).toEqual(["report:SNAG-20250102-4242"]);
    const [hit] = await search("flat 3.04");
    expect(hit).toMatchObject({
      kind: "report",
      subtitle: "Crème render cracked · Flat 3.04",
      url: expect.stringMatching(/^\/app\/snagging\/[0-9a-f-]{36}$/),
    });

    // The location renamed and the trade renamed: the report is found by the new names only.
    const renamed = await t.request({
      method: "PATCH",
      url: `/api/locations/${locationId}`,
      token,
      payload: { name: "Penthouse 9" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles("penthouse")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("flat 3.04")).toEqual([]);
    const trade = await t.request({
      method: "PATCH",
      url: "/api/trades/plumbing",
      token,
      payload: { name: "Fontanería" },
    });
    expect(trade.statusCode, trade.body).toBe(200);
    expect(await titles("fontaneria")).toEqual(["report:SNAG-20250102-4242"]);
    expect(await titles("plumbing cracked")).toEqual([]);
  });

  it("finds projects, audits, sheets, contacts and members, with their links", async () => {
    const contact = await t.request({
      method: "POST",
      url: "/api/contacts",
      token,
      payload: { name: "Pat Doyle", company: "Acme Plumbing", email: "pat@acme.example" },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    await joinByInvitation(t, { accessToken: token }, { firstName: "Zoë", lastName: "Quayle" });
    const results = await search("quay");
    expect(results.map((r) => `${r.kind}:${r.title}`).sort()).toEqual(["member:Zoë Quayle", "project:Quay Façades"]);
    expect(results.find((r) => r.kind === "project")).toMatchObject({
      subtitle: "Harbour Trust",
      url: `/app/projects/${projectId}`,
    });
    expect(await search("acme")).toEqual([
      expect.objectContaining({
        kind: "contact",
        title: "Pat Doyle",
        subtitle: "Acme Plumbing · pat@acme.example",
        url: "/app/team",
      }),
    ]);
    expect(await titles("zoe")).toEqual(["member:Zoë Quayle"]);
    const audit = await createAudit(t, token, projectId, { notes: "Scaffold tags checked" });
    expect(await search("scaffold")).toEqual([
      expect.objectContaining({ kind: "audit", title: "UK site safety (standard)", url: `/app/audits/${audit.id}` }),
    ]);
    // The auditor's name is in the audit's body; in the member's head, which ranks first.
    expect(await titles("nunez")).toEqual(["member:Olga Ñúñez", "audit:UK site safety (standard)"]);
    const now = Math.floor(Date.now() / 1000);
    const sheetId = newId();
    await t.ctx.db
      .insertInto("sheets")
      .values({
        id: sheetId,
        workspace_id: workspaceId,
        project_id: projectId,
        name: "Ground floor plan",
        level: "Level 0",
        page_number: 1,
        current_revision: 1,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await search("ground plan")).toEqual([
      expect.objectContaining({
        kind: "sheet",
        subtitle: "Quay Façades · Level 0",
        url: `/app/projects/${projectId}/sheets/${sheetId}`,
      }),
    ]);
  });

  it("ranks an exact reference first, then names before bodies", async () => {
    await insertReport(t, { workspaceId, projectId }, { title: "SNAG-20250103-5000", description: "Door" });
    await insertReport(
      t,
      { workspaceId, projectId },
      { title: "SNAG-20250103-5001", description: "Duplicate of SNAG-20250103-5000 door" },
    );
    // Part of a reference or a word, from its middle: after the ranked matches, by the trigram rule.
    expect((await titles("0103-5000")).sort()).toEqual(["report:SNAG-20250103-5000", "report:SNAG-20250103-5001"]);
    expect(await titles("uplicate")).toEqual(["report:SNAG-20250103-5001"]);
    for (const q of ["SNAG-20250103-5000", "snag-20250103-5000"]) {
      const results = await titles(q);
      expect(results[0]).toBe("report:SNAG-20250103-5000");
      expect(results).toContain("report:SNAG-20250103-5001");
    }
    await createProject(t, token, { name: "Lobby", description: "Marble lobby and doors" });
    await insertReport(t, { workspaceId, projectId }, { title: "SNAG-20250103-5002", description: "Marble chipped" });
    expect(await titles("marble")).toHaveLength(2);
    // The project's name is its head; the report's description is its body.
    await insertReport(
      t,
      { workspaceId, projectId },
      { title: "SNAG-20250103-5003", description: "Lobby tiles, lobby" },
    );
    expect(await titles("lobby")).toEqual(["project:Lobby", "report:SNAG-20250103-5003"]);
  });

  it("never answers another workspace's items, and forgets deleted ones", async () => {
    expect(await titles("SNAG-20250101-7777")).toEqual([]);
    expect(await titles("their facade")).toEqual([]);
    expect(await titles("their facade", strangerToken)).toEqual(["report:SNAG-20250101-7777"]);
    expect(await titles("crème", strangerToken)).toEqual([]);
    // A member moved to another workspace (removed from the team) is found only there.
    const row = await insertReport(
      t,
      { workspaceId, projectId },
      { title: "SNAG-20250104-6000", description: "Gone soon" },
    );
    expect(await titles("gone soon")).toEqual(["report:SNAG-20250104-6000"]);
    const res = await t.request({ method: "DELETE", url: `/api/snagging/${row.id}`, token });
    expect(res.statusCode, res.body).toBe(204);
    expect(await titles("gone soon")).toEqual([]);
  });

  it("answers bad input with a sentence, and punctuation alone with nothing", async () => {
    expect(await search("!!! ... ---")).toEqual([]);
    expect(await search("")).toEqual([]);
    expect(await search("'\" & | ! ( ) * : NEAR AND")).toEqual([]);
    expect(await search("door", token, "&limit=1")).toHaveLength(1);
    for (const [query, message] of [
      [`q=${"a".repeat(201)}`, "Search must be at most 200 characters"],
      [`q=${"x".repeat(10_240)}`, "Search must be at most 200 characters"],
      ["q=door&limit=0", "Limit must be a whole number from 1 to 50"],
      ["q=door&limit=51", "Limit must be a whole number from 1 to 50"],
      ["q=door&limit=two", "Limit must be a whole number from 1 to 50"],
    ] as const) {
      const res = await t.request({ method: "GET", url: `/api/search?${query}`, token });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    const anonymous = await t.request({ method: "GET", url: "/api/search?q=door" });
    expect(anonymous.statusCode).toBe(401);
  });

  it.runIf(kind === "postgres")("is served by the GIN index on PostgreSQL", async () => {
    const plan = await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain select kind, item_id from search_documents,
        search_query(${workspaceId}, array['marble']) q where workspace_id = ${workspaceId} and doc @@ q`.execute(trx);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("search_documents_doc_idx");
    // The infix rule can read the trigram index of migration 0007 (on a table this small the
    // workspace's index wins once the workspace is named, so the plan is asked for the words alone).
    const infix = await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      await sql`set local enable_indexonlyscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain select id from snagging_reports
        where search_text like ${"%0103%"} limit 20`.execute(trx);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(infix).toContain("snagging_reports_search_trgm");
  });

  it.runIf(kind === "postgres")("folds text in the database as the browser folds words", async () => {
    for (const text of [
      "Crème FAÇADE, flat 3.04",
      "Ștefan Łódź ŻÓŁW ąę Ėė",
      "Ñúñez São João Ångström",
      "Άλφα Ёлка Й",
      "fac\u0327ade e\u0301cran",
      "SNAG-20250131-1000 pat@acme.example",
    ]) {
      const { rows } = await sql<{ folded: string }>`select search_fold(${text}) as folded`.execute(t.ctx.db);
      expect(rows[0]?.folded.trim().split(" "), text).toEqual(searchTokens(text));
    }
  });

  it.runIf(kind === "sqlite")("is served by the FTS5 index on SQLite", async () => {
    const { rows } = await sql<{ detail: string }>`explain query plan select i.kind, i.item_id from search_fts
      join search_items i on i.id = search_fts.rowid where search_fts match ${'"marble"*'} and i.workspace_id = ${workspaceId}`.execute(
      t.ctx.db,
    );
    const plan = rows.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan).toMatch(/SEARCH i USING INTEGER PRIMARY KEY/);
  });
});
