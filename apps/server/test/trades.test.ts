// A workspace's trades (issue 36, decision 0052): SPEC's seven seeded with their keys, added,
// renamed, reordered, retired and deleted by the owner; a report's category is a trade's key —
// refused when unknown or retired on a new report, kept on an existing one; the name printed in
// the CSV and filtered by; tenancy and roles.
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Report } from "@sitesnag/shared/snagging";
import type { SyncResponse } from "@sitesnag/shared/sync";
import type { Trade } from "@sitesnag/shared/trades";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";

const SEVEN = ["safety", "finish", "plumbing", "electrical", "structural", "hvac", "other"];
const UNKNOWN = "Category must be one of your workspace's trades";
const RETIRED = "This trade is retired: choose another one";

describe.each(DIALECTS)("trades (%s)", (kind) => {
  let t: TestApp;
  let owner: AuthResponse;
  let member: AuthResponse;
  let outsider: AuthResponse;
  let projectId: string;

  const trades = async (token = owner.accessToken) => {
    const res = await t.request({ method: "GET", url: "/api/trades", token });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { trades: Trade[] }).trades;
  };
  const addTrade = (name: unknown, token = owner.accessToken) =>
    t.request({ method: "POST", url: "/api/trades", token, payload: { name } });
  const patchTrade = (key: string, payload: Record<string, unknown>, token = owner.accessToken) =>
    t.request({ method: "PATCH", url: `/api/trades/${key}`, token, payload });
  const newReport = (fields: Record<string, unknown>, token = owner.accessToken) =>
    t.request({ method: "POST", url: "/api/snagging", token, payload: { projectId, priority: "high", ...fields } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    outsider = await signUp(t, { firstName: "Otto", lastName: "Outsider" });
    projectId = (await createProject(t, owner.accessToken, { name: "Dock Street" })).id;
    const invited = await t.request({
      method: "POST",
      url: "/api/invitations",
      token: owner.accessToken,
      payload: { email: "" },
    });
    const { token } = invited.json() as { token: string };
    const joined = await t.request({
      method: "POST",
      url: `/api/invitations/token/${token}/register`,
      payload: { firstName: "Mem", lastName: "Ber", email: `mem.${Date.now()}@example.com`, password: "joiner-pass-1" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    member = joined.json() as AuthResponse;
  });
  afterAll(() => t.close());

  it("starts every workspace with SPEC's seven, keys unchanged, and reports keep working without a category", async () => {
    expect(await trades(outsider.accessToken)).toEqual(
      SEVEN.map((key, order) => expect.objectContaining({ key, order, retired: false })),
    );
    expect((await trades(member.accessToken)).find((x) => x.key === "hvac")?.name).toBe("HVAC");
    const plain = await newReport({});
    expect(plain.statusCode, plain.body).toBe(201);
    expect((plain.json() as { report: Report }).report.category).toBe("other");
    const plumbing = await newReport({ category: "plumbing" });
    expect((plumbing.json() as { report: Report }).report.category).toBe("plumbing");
  });

  it("adds a trade with a key from its name, stable through a rename; names are unique whatever their case", async () => {
    const created = await addTrade("  Dry-lining & Ceilings ");
    expect(created.statusCode, created.body).toBe(201);
    const { trade } = created.json() as { trade: Trade };
    expect(trade).toEqual({ key: "dry-lining-ceilings", name: "Dry-lining & Ceilings", order: 7, retired: false });
    expectError(await addTrade("DRY-LINING & ceilings"), 409, "A trade with this name already exists");

    const renamed = await patchTrade(trade.key, { name: "Drylining" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as { trade: Trade }).trade).toMatchObject({ key: "dry-lining-ceilings", name: "Drylining" });
    // A name whose key is taken gets the next free one; one with no Latin letter gets "trade".
    const again = (await addTrade("Dry lining, ceilings")).json() as { trade: Trade };
    expect(again.trade.key).toBe("dry-lining-ceilings-2");
    expect(((await addTrade("Żółć Łąka")).json() as { trade: Trade }).trade.key).toBe("zolc-laka");
    expect(((await addTrade("屋根")).json() as { trade: Trade }).trade.key).toBe("trade");
    expect((await trades(member.accessToken)).map((x) => x.key)).toEqual([
      ...SEVEN,
      "dry-lining-ceilings",
      "dry-lining-ceilings-2",
      "zolc-laka",
      "trade",
    ]);
    // The outsider's workspace still has its own seven only.
    expect((await trades(outsider.accessToken)).map((x) => x.key)).toEqual(SEVEN);
  });

  it("files a report under a custom trade, filters by it and prints its name in the CSV and through sync", async () => {
    const created = await newReport({ category: "dry-lining-ceilings" });
    expect(created.statusCode, created.body).toBe(201);
    const { report } = created.json() as { report: Report };
    expect(report.category).toBe("dry-lining-ceilings");

    const listed = await t.request({
      method: "GET",
      url: "/api/snagging?category=dry-lining-ceilings",
      token: member.accessToken,
    });
    expect((listed.json() as { reports: Report[] }).reports.map((r) => r.id)).toEqual([report.id]);
    const counts = await t.request({
      method: "GET",
      url: "/api/snagging/counts?category=dry-lining-ceilings",
      token: owner.accessToken,
    });
    expect(counts.json()).toMatchObject({ counts: { all: 1, open: 1 } });

    const csv = await t.request({ method: "GET", url: "/api/snagging/export/csv", token: owner.accessToken });
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.Reference === report.title)).toMatchObject({
      Category: "dry-lining-ceilings",
      Trade: "Drylining",
    });

    // The project snag list groups by trade, under the trade's name.
    const pdf = await t.request({
      method: "GET",
      url: `/api/projects/${projectId}/snag-list.pdf?groupBy=category&category=dry-lining-ceilings`,
      token: owner.accessToken,
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain("Drylining (1)");
    expect(text).toContain("Category Drylining");

    const sync = await t.request({
      method: "POST",
      url: "/api/snagging/sync",
      token: member.accessToken,
      payload: {
        items: [
          {
            tempId: `t-${Date.now()}-a`,
            action: "create",
            resource: "snagging",
            data: { projectId, priority: "low", category: "zolc-laka" },
          },
          {
            tempId: `t-${Date.now()}-b`,
            action: "create",
            resource: "snagging",
            data: { projectId, priority: "low", category: "joinery" },
          },
        ],
      },
    });
    const [good, bad] = (sync.json() as SyncResponse).data.results;
    expect(good).toMatchObject({ success: true });
    expect(bad).toMatchObject({ success: false, error: UNKNOWN });
  });

  it("refuses an unknown or retired key on a new report; an existing report keeps its retired trade on edit", async () => {
    expectFieldError(await newReport({ category: "joinery" }), "category", UNKNOWN);
    expectFieldError(await newReport({ category: "Not A Key!" }), "category", UNKNOWN);
    // Another workspace's trade is unknown here.
    const theirs = (await addTrade("Roofing", outsider.accessToken)).json() as { trade: Trade };
    expectFieldError(await newReport({ category: theirs.trade.key }), "category", UNKNOWN);

    const filed = (await newReport({ category: "zolc-laka" })).json() as { report: Report };
    const retired = await patchTrade("zolc-laka", { retired: true });
    expect((retired.json() as { trade: Trade }).trade).toMatchObject({ key: "zolc-laka", retired: true });
    expectFieldError(await newReport({ category: "zolc-laka" }), "category", RETIRED);

    const edited = await t.request({
      method: "PATCH",
      url: `/api/snagging/${filed.report.id}`,
      token: member.accessToken,
      payload: { category: "zolc-laka", description: "Kept its trade", version: filed.report.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { report: Report }).report).toMatchObject({
      category: "zolc-laka",
      description: "Kept its trade",
    });
    const moved = await t.request({
      method: "PATCH",
      url: `/api/snagging/${filed.report.id}`,
      token: member.accessToken,
      payload: { category: "safety" },
    });
    expect((moved.json() as { report: Report }).report.category).toBe("safety");
    const back = await t.request({
      method: "PATCH",
      url: `/api/snagging/${filed.report.id}`,
      token: member.accessToken,
      payload: { category: "zolc-laka" },
    });
    expectFieldError(back, "category", RETIRED);

    // Retiring `other` moves reports without a category to the first trade still offered.
    await patchTrade("other", { retired: true });
    await patchTrade("safety", { retired: true });
    const plain = (await newReport({})).json() as { report: Report };
    expect(plain.report.category).toBe("finish");
    await patchTrade("other", { retired: false });
    await patchTrade("safety", { retired: false });
    await patchTrade("zolc-laka", { retired: false });
  });

  it("reorders: the trade moves and the others close up", async () => {
    const moved = await patchTrade("trade", { order: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await trades();
    expect(after.map((x) => x.key).slice(0, 3)).toEqual(["trade", "safety", "finish"]);
    expect(after.map((x) => x.order)).toEqual(after.map((_, i) => i));
    await patchTrade("trade", { order: 99 });
    expect((await trades()).at(-1)?.key).toBe("trade");
  });

  it("deletes only an added trade no report is filed under; a standard one or one in use is refused", async () => {
    expectError(
      await t.request({ method: "DELETE", url: "/api/trades/other", token: owner.accessToken }),
      409,
      "A standard trade cannot be deleted: retire it instead",
    );
    expectError(
      await t.request({ method: "DELETE", url: "/api/trades/dry-lining-ceilings", token: owner.accessToken }),
      409,
      "Reports are filed under this trade: retire it instead, so they keep it",
    );
    const gone = await t.request({
      method: "DELETE",
      url: "/api/trades/dry-lining-ceilings-2",
      token: owner.accessToken,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const left = await trades();
    expect(left.map((x) => x.key)).not.toContain("dry-lining-ceilings-2");
    expect(left.map((x) => x.order)).toEqual(left.map((_, i) => i));
    expectError(
      await t.request({ method: "DELETE", url: "/api/trades/dry-lining-ceilings-2", token: owner.accessToken }),
      404,
    );
  });

  it("lets members read and only the owner manage; another workspace's trade is not found", async () => {
    const before = await trades();
    const only = "Only the workspace owner can manage trades";
    expectError(await addTrade("Joinery", member.accessToken), 403, only);
    expectError(await patchTrade("finish", { name: "Finishes" }, member.accessToken), 403, only);
    expectError(
      await t.request({ method: "DELETE", url: "/api/trades/dry-lining-ceilings", token: member.accessToken }),
      403,
      only,
    );
    expectError(await patchTrade("roofing", { name: "Roofs" }), 404);
    expect(await trades()).toEqual(before);
    expect((await trades(outsider.accessToken)).find((x) => x.key === "roofing")?.name).toBe("Roofing");
  });

  it("refuses bad input with a sentence and changes nothing", async () => {
    const before = await trades();
    expectFieldError(await addTrade(""), "name", "Trade name is required");
    expectFieldError(await addTrade("x".repeat(61)), "name", "Trade name must be at most 60 characters");
    expectFieldError(
      await addTrade("Evil\u202Etxt"),
      "name",
      "Must not contain invisible characters that reverse or reorder text",
    );
    expectFieldError(await addTrade("Tab\u0007bell"), "name", "Must not contain control characters");
    expectError(
      await patchTrade("finish", { colour: "red" }),
      400,
      "Nothing to change: send a name, an order or retired",
    );
    expectFieldError(await patchTrade("finish", { order: -1 }), "order", "Order must be a whole number from 0");
    expectFieldError(await patchTrade("finish", { retired: "yes" }), "retired", "Retired must be true or false");
    expectError(await patchTrade("finish", { name: "Drylining" }), 409, "A trade with this name already exists");
    expectError(await patchTrade("../etc", { name: "X" }), 404);
    expect(await trades()).toEqual(before);
  });

  it("speaks the reader's language: a Polish member reads the refusals in Polish", async () => {
    const pole = await signUp(t);
    const set = await t.request({
      method: "PATCH",
      url: `/api/users/${pole.user.id}`,
      token: pole.accessToken,
      payload: { locale: "pl" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const own = (await createProject(t, pole.accessToken, { name: "Kraków" })).id;
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: pole.accessToken,
      payload: { projectId: own, priority: "low", category: "joinery" },
    });
    expectFieldError(res, "category", "Kategoria musi być jedną z branż Twojego obszaru roboczego");
    expectError(
      await t.request({ method: "DELETE", url: "/api/trades/finish", token: pole.accessToken }),
      409,
      "Branży standardowej nie można usunąć: wycofaj ją",
    );
    expectFieldError(
      await addTrade("x".repeat(61), pole.accessToken),
      "name",
      "Nazwa branży może mieć najwyżej 60 znaków",
    );
  });

  it("keeps at least one trade offered", async () => {
    const own = await signUp(t);
    for (const key of SEVEN.slice(0, 6))
      expect((await patchTrade(key, { retired: true }, own.accessToken)).statusCode).toBe(200);
    expectError(
      await patchTrade("other", { retired: true }, own.accessToken),
      409,
      "Keep at least one trade that is not retired",
    );
  });
});
