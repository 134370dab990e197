// External assignees (issue 27, decision 0029): a workspace's contacts, a report assigned to one
// through the same `assignedTo`, shown wherever an assignee is (list, detail, CSV, PDFs, the snag
// list's groups, share links), filtered by, deleted with a rule; tenancy and bad input.

import type { ActivityEntry } from "@sitesnag/shared/activity";
import type { Contact } from "@sitesnag/shared/contacts";
import type { ShareLink } from "@sitesnag/shared/sharing";
import type { Report } from "@sitesnag/shared/snagging";
import type { SyncResponse } from "@sitesnag/shared/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";

const NOT_ASSIGNABLE = "Assignee must be a member or a contact of your workspace";

describe.each(DIALECTS)("external assignees (%s)", (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let outsider: Awaited<ReturnType<typeof signUp>>;
  let projectId: string;
  let pat: Contact;
  let foreignContact: Contact;

  const newContact = async (token: string, body: Record<string, unknown>) =>
    t.request({ method: "POST", url: "/api/contacts", token, payload: body });
  const report = async (fields: Record<string, unknown>, token = owner.accessToken) => {
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token,
      payload: { projectId, priority: "high", ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { report: Report }).report;
  };
  const list = async (query: string) => {
    const res = await t.request({ method: "GET", url: `/api/snagging${query}`, token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { reports: Report[] }).reports;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t, { firstName: "Olive", lastName: "Owner" });
    outsider = await signUp(t, { firstName: "Otto", lastName: "Outsider" });
    projectId = (await createProject(t, owner.accessToken, { name: "Dock Street" })).id;
    const created = await newContact(owner.accessToken, {
      name: "Pat Doyle",
      company: "Acme Plumbing",
      email: "Pat@Acme.example",
    });
    expect(created.statusCode, created.body).toBe(201);
    pat = (created.json() as { contact: Contact }).contact;
    foreignContact = (
      (
        await newContact(outsider.accessToken, { name: "Fay", company: "Other Co", email: "fay@other.example" })
      ).json() as { contact: Contact }
    ).contact;
  });
  afterAll(() => t.close());

  it("creates, lists and edits contacts; one per address, a retried create answers 409", async () => {
    expect(pat).toMatchObject({
      name: "Pat Doyle",
      company: "Acme Plumbing",
      email: "pat@acme.example",
      reportCount: 0,
    });
    expectError(
      await newContact(owner.accessToken, { name: "Pat again", company: "Acme", email: "PAT@acme.example" }),
      409,
      "A contact with this email already exists",
    );
    const listed = await t.request({ method: "GET", url: "/api/contacts", token: owner.accessToken });
    expect((listed.json() as { contacts: Contact[] }).contacts.map((c) => c.id)).toEqual([pat.id]);
    const edited = await t.request({
      method: "PUT",
      url: `/api/contacts/${pat.id}`,
      token: owner.accessToken,
      payload: { name: "Pat Doyle", company: "Acme Plumbing Ltd", email: "pat@acme.example" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as { contact: Contact }).contact.company).toBe("Acme Plumbing Ltd");
    await t.request({
      method: "PUT",
      url: `/api/contacts/${pat.id}`,
      token: owner.accessToken,
      payload: { name: "Pat Doyle", company: "Acme Plumbing", email: "pat@acme.example" },
    });
  });

  it("refuses bad fields with the schema's message, and changes nothing", async () => {
    expectFieldError(
      await newContact(owner.accessToken, { name: "", company: "Acme", email: "x@y.example" }),
      "name",
      "Name is required",
    );
    expectFieldError(
      await newContact(owner.accessToken, { name: "A", company: "Acme", email: "not-an-address" }),
      "email",
      "Invalid email address",
    );
    expectFieldError(
      await newContact(owner.accessToken, { name: "A", company: "x".repeat(101), email: "a@b.example" }),
      "company",
      "Company must be at most 100 characters",
    );
    const listed = await t.request({ method: "GET", url: "/api/contacts", token: owner.accessToken });
    expect((listed.json() as { contacts: Contact[] }).contacts).toHaveLength(1);
  });

  it("assigns a report to a contact through assignedTo, shown with the company in the list, detail and history", async () => {
    const created = await report({ assignedTo: pat.id, description: "Leaking trap under sink" });
    expect(created).toMatchObject({ assignedTo: pat.id, assignedToName: "Pat Doyle (Acme Plumbing)" });
    expect(created.assigneeCompany).toBe("Acme Plumbing");
    const detail = await t.request({ method: "GET", url: `/api/snagging/${created.id}`, token: owner.accessToken });
    expect((detail.json() as { report: Report }).report.assignedToName).toBe("Pat Doyle (Acme Plumbing)");

    // Back to a member, then to the contact again: the columns never both hold a value.
    const toMember = await t.request({
      method: "PATCH",
      url: `/api/snagging/${created.id}`,
      token: owner.accessToken,
      payload: { assignedTo: owner.user.id },
    });
    expect((toMember.json() as { report: Report }).report).toMatchObject({
      assignedTo: owner.user.id,
      assignedToName: "Olive Owner",
      assigneeCompany: null,
    });
    const back = await t.request({
      method: "PATCH",
      url: `/api/snagging/${created.id}`,
      token: owner.accessToken,
      payload: { assignedTo: pat.id },
    });
    expect((back.json() as { report: Report }).report.assignedTo).toBe(pat.id);
    const row = await t.ctx.db
      .selectFrom("snagging_reports")
      .select(["assigned_to", "assigned_contact_id"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ assigned_to: null, assigned_contact_id: pat.id });

    const history = await t.request({
      method: "GET",
      url: `/api/snagging/${created.id}/activity`,
      token: owner.accessToken,
    });
    const texts = JSON.stringify((history.json() as { activity: ActivityEntry[] }).activity);
    expect(texts).toContain("Pat Doyle (Acme Plumbing)");
  });

  it("the offline outbox's sync takes a contact's id for a new report and for an edit", async () => {
    const sync = async (items: unknown[]) => {
      const res = await t.request({
        method: "POST",
        url: "/api/snagging/sync",
        token: owner.accessToken,
        payload: { items },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SyncResponse).data.results;
    };
    const tempId = `offline-${Math.random().toString(36).slice(2)}`;
    const [created] = await sync([
      { tempId, action: "create", resource: "snagging", data: { projectId, priority: "low", assignedTo: pat.id } },
    ]);
    expect(created).toMatchObject({ success: true });
    const id = created?.id as string;
    const read = async () =>
      (
        (await t.request({ method: "GET", url: `/api/snagging/${id}`, token: owner.accessToken })).json() as {
          report: Report;
        }
      ).report;
    expect((await read()).assignedToName).toBe("Pat Doyle (Acme Plumbing)");
    const [edited] = await sync([
      {
        tempId: `${tempId}-e`,
        action: "update",
        resource: "snagging",
        data: { reportId: id, assignedTo: owner.user.id },
      },
    ]);
    expect(edited).toMatchObject({ success: true });
    expect((await read()).assignedTo).toBe(owner.user.id);
    const [refused] = await sync([
      {
        tempId: `${tempId}-f`,
        action: "update",
        resource: "snagging",
        data: { reportId: id, assignedTo: foreignContact.id },
      },
    ]);
    expect(refused).toMatchObject({ success: false, statusCode: 400, error: NOT_ASSIGNABLE });
    expect((await read()).assignedTo).toBe(owner.user.id);
  });

  it("the database refuses a report naming both a member and a contact", async () => {
    const created = await report({});
    await expect(
      t.ctx.db
        .updateTable("snagging_reports")
        .set({ assigned_to: owner.user.id, assigned_contact_id: pat.id })
        .where("id", "=", created.id)
        .execute(),
    ).rejects.toThrow();
  });

  it("another workspace's contact, or a made-up id, is a field error and nothing is written", async () => {
    const before = await list("");
    const res = await t.request({
      method: "POST",
      url: "/api/snagging",
      token: owner.accessToken,
      payload: { projectId, priority: "low", assignedTo: foreignContact.id },
    });
    expectFieldError(res, "assignedTo", NOT_ASSIGNABLE);
    expect(await list("")).toHaveLength(before.length);
    const some = before[0] as Report;
    expectFieldError(
      await t.request({
        method: "PATCH",
        url: `/api/snagging/${some.id}`,
        token: owner.accessToken,
        payload: { assignedTo: foreignContact.id },
      }),
      "assignedTo",
      NOT_ASSIGNABLE,
    );
    // Another workspace's contact cannot be read, edited or deleted either.
    for (const method of ["PUT", "DELETE"] as const) {
      const r = await t.request({
        method,
        url: `/api/contacts/${foreignContact.id}`,
        token: owner.accessToken,
        ...(method === "PUT" ? { payload: { name: "X", company: "Y", email: "x@y.example" } } : {}),
      });
      expectError(r, 404);
    }
    const theirs = await t.request({ method: "GET", url: "/api/contacts", token: outsider.accessToken });
    expect((theirs.json() as { contacts: Contact[] }).contacts.map((c) => c.name)).toEqual(["Fay"]);
  });

  it("filters the list and its counts by a contact, a member or unassigned; the CSV names the contact", async () => {
    const mine = await report({ assignedTo: owner.user.id });
    const byContact = await list(`?assignedTo=${pat.id}`);
    expect(byContact.length).toBeGreaterThan(0);
    expect(byContact.every((r) => r.assignedTo === pat.id)).toBe(true);
    const byMember = await list(`?assignedTo=${owner.user.id}`);
    expect(byMember.map((r) => r.id)).toContain(mine.id);
    expect(byMember.every((r) => r.assignedTo === owner.user.id)).toBe(true);
    const nobody = await list("?assignedTo=unassigned&limit=50");
    expect(nobody.every((r) => r.assignedTo === null)).toBe(true);
    expect(await list(`?assignedTo=${foreignContact.id}&limit=50`)).toEqual([]);
    const counts = await t.request({
      method: "GET",
      url: `/api/snagging/counts?assignedTo=${pat.id}`,
      token: owner.accessToken,
    });
    expect((counts.json() as { counts: { all: number } }).counts.all).toBe(byContact.length);

    const csv = await t.request({ method: "GET", url: "/api/snagging/export/csv", token: owner.accessToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Pat Doyle (Acme Plumbing)");
  });

  it("groups the snag list by the contact, filters it by the contact, and refuses another workspace's", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/projects/${projectId}/snag-list.pdf`,
      token: owner.accessToken,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const pdf = await readPdf(res.rawPayload);
    const n = (await list(`?assignedTo=${pat.id}`)).length;
    expect(pdf.pages[0]).toMatch(new RegExp(`Pat Doyle \\(Acme Plumbing\\)\\s+${n}`));
    expect(pdf.pages[1]).toContain(`Pat Doyle (Acme Plumbing) (${n})`);

    const filtered = await t.request({
      method: "GET",
      url: `/api/projects/${projectId}/snag-list.pdf?assigneeId=${pat.id}`,
      token: owner.accessToken,
    });
    const only = await readPdf(filtered.rawPayload);
    expect(only.pages[0]).toContain("Assignee Pat Doyle (Acme Plumbing)");
    expect(only.pages[0]).toMatch(new RegExp(`Total\\s+${n}`));

    expectFieldError(
      await t.request({
        method: "GET",
        url: `/api/projects/${projectId}/snag-list.pdf?assigneeId=${foreignContact.id}`,
        token: owner.accessToken,
      }),
      "assigneeId",
      NOT_ASSIGNABLE,
    );
  });

  it("shares everything assigned to a contact through a link, and the report PDF names them", async () => {
    const created = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/share-links`,
      token: owner.accessToken,
      payload: { name: "Acme", assigneeId: pat.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = (created.json() as { url: string }).url.split("/s/")[1] as string;
    const view = await t.request({ method: "GET", url: `/api/share/${token}` });
    const shared = (view.json() as { reports: { id: string }[] }).reports.map((r) => r.id).sort();
    expect(shared).toEqual((await list(`?assignedTo=${pat.id}`)).map((r) => r.id).sort());
    const links = await t.request({
      method: "GET",
      url: `/api/projects/${projectId}/share-links`,
      token: owner.accessToken,
    });
    expect((links.json() as { shareLinks: ShareLink[] }).shareLinks[0]?.assigneeName).toBe("Pat Doyle (Acme Plumbing)");
    expectFieldError(
      await t.request({
        method: "POST",
        url: `/api/projects/${projectId}/share-links`,
        token: owner.accessToken,
        payload: { name: "Theirs", assigneeId: foreignContact.id },
      }),
      "assigneeId",
      NOT_ASSIGNABLE,
    );

    const one = (await list(`?assignedTo=${pat.id}`))[0] as Report;
    const pdf = await t.request({
      method: "GET",
      url: `/api/snagging/${one.id}/download-pdf`,
      token: owner.accessToken,
    });
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text).toContain("Pat Doyle (Acme Plumbing)");
  });

  it("deleting a contact unassigns its reports (in their history) and says how many", async () => {
    const extra = await newContact(owner.accessToken, {
      name: "Sam",
      company: "Sparks Ltd",
      email: "sam@sparks.example",
    });
    const sam = (extra.json() as { contact: Contact }).contact;
    const a = await report({ assignedTo: sam.id });
    await report({ assignedTo: sam.id });
    const listed = await t.request({ method: "GET", url: "/api/contacts", token: owner.accessToken });
    expect((listed.json() as { contacts: Contact[] }).contacts.find((c) => c.id === sam.id)?.reportCount).toBe(2);
    const res = await t.request({ method: "DELETE", url: `/api/contacts/${sam.id}`, token: owner.accessToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unassigned: 2 });
    const after = await t.request({ method: "GET", url: `/api/snagging/${a.id}`, token: owner.accessToken });
    expect((after.json() as { report: Report }).report).toMatchObject({
      assignedTo: null,
      assignedToName: null,
      version: a.version + 1,
    });
    const history = await t.request({ method: "GET", url: `/api/snagging/${a.id}/activity`, token: owner.accessToken });
    expect(JSON.stringify(history.json())).toMatch(/Sam \(Sparks Ltd\).*Unassigned/);
    expectError(await t.request({ method: "DELETE", url: `/api/contacts/${sam.id}`, token: owner.accessToken }), 404);
  });
});
