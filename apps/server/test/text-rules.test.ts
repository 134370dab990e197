// Names and text refuse unpaired surrogates (stored as U+FFFD on PostgreSQL, answered differently
// than stored) and bidi controls such as U+202E (name spoofing in lists, PDFs and CSV): 400 with a
// sentence, nothing stored. JSON escapes carry the lone surrogates, as a hostile client would send.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFieldError } from "./assertions";
import { signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

const BROKEN = "Must not contain broken characters (half of an emoji or symbol)";
const DIRECTION = "Must not contain invisible characters that reverse or reorder text";

describe.each(DIALECTS)("text rules: surrogates and direction controls (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const postProject = (token: string, nameJson: string) =>
    t.request({
      method: "POST",
      url: "/api/projects",
      token,
      headers: { "content-type": "application/json" },
      payload: `{"name":${nameJson}}`,
    });
  const projectCount = async (workspaceId: string) =>
    Number(
      (
        await t.ctx.db
          .selectFrom("projects")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("workspace_id", "=", workspaceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("a project name with a lone surrogate or U+202E: 400 with the sentence, nothing stored", async () => {
    const owner = await signUp(t);
    expectFieldError(await postProject(owner.accessToken, '"Block \\ud800B"'), "name", BROKEN);
    expectFieldError(await postProject(owner.accessToken, '"\\ude00"'), "name", BROKEN);
    expectFieldError(await postProject(owner.accessToken, '"Invoice\\u202efdp.exe"'), "name", DIRECTION);
    expectFieldError(await postProject(owner.accessToken, '"a\\u2066b"'), "name", DIRECTION);
    expect(await projectCount(owner.user.workspaceId)).toBe(0);
  });

  it("an emoji (a surrogate pair) and right-to-left marks are stored and answered exactly as sent", async () => {
    const owner = await signUp(t);
    const name = "Site 👷 שלום\u200F";
    const res = await postProject(owner.accessToken, JSON.stringify(name));
    expect(res.statusCode, res.body).toBe(201);
    const { project } = res.json() as { project: { id: string; name: string } };
    expect(project.name).toBe(name);
    const read = await t.request({ method: "GET", url: `/api/projects/${project.id}`, token: owner.accessToken });
    expect((read.json() as { project: { name: string } }).project.name).toBe(name);
  });

  it("a profile name with U+202E: 400, the name unchanged", async () => {
    const user = await signUp(t);
    const res = await t.request({
      method: "PATCH",
      url: `/api/users/${user.user.id}`,
      token: user.accessToken,
      headers: { "content-type": "application/json" },
      payload: `{"firstName":"\\u202eSam","lastName":"Builder","email":${JSON.stringify(user.user.email)}}`,
    });
    expectFieldError(res, "firstName", DIRECTION);
    const row = await t.ctx.db
      .selectFrom("users")
      .select("first_name")
      .where("id", "=", user.user.id)
      .executeTakeFirst();
    expect(row?.first_name).toBe(user.user.firstName);
  });
});
