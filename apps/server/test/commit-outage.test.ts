// A write whose transaction committed while the link to PostgreSQL was lost (issue 22): the review
// saw 3 reports stored under 503 answers. Through a proxy that cuts the link exactly at a COMMIT's
// acknowledgement: lost just after it, the app answers from what the transaction read (201/200,
// not 503); lost just before it (the app cannot know it committed), the answer is 503, the photos
// are kept, and a retry with the same Idempotency-Key finds the report with its photos.
import type { Report } from "@sitesnag/shared/snagging";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";
import { TcpProxy } from "./tcp-proxy";

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("PostgreSQL link lost at a COMMIT", () => {
  let t: TestApp;
  let proxy: TcpProxy;

  beforeEach(async () => {
    const url = new URL(baseUrl as string);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 5432) }, { postgres: true });
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    t = await createTestApp("postgres", {}, { databaseUrl: proxied.toString(), onConnectionError: () => undefined });
  });

  afterEach(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  const storedReports = async (workspaceId: string) =>
    t.ctx.db.selectFrom("snagging_reports").select("id").where("workspace_id", "=", workspaceId).execute();

  it("answers a committed create and status change from the transaction, not 503, when the link drops after the commit", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const body = await multipart({ projectId: project.id, priority: "high" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);

    const cut = proxy.cutOnCommit("after-ack");
    const created = await t.request({ method: "POST", url: "/api/snagging", token: owner.accessToken, ...body });
    await cut;
    expect(created.statusCode, created.body).toBe(201);
    const report = (created.json() as { report: Report }).report;
    expect(report).toMatchObject({ projectId: project.id, priority: "high" });
    expect(report.attachments).toHaveLength(1);

    await proxy.restore();
    expect((await storedReports(owner.user.workspaceId)).map((r) => r.id)).toEqual([report.id]);

    const changed = proxy.cutOnCommit("after-ack");
    const patched = await t.request({
      method: "PATCH",
      url: `/api/snagging/${report.id}`,
      token: owner.accessToken,
      payload: { status: "closed" },
    });
    await changed;
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as { report: Report }).report.status).toBe("closed");
  });

  it("answers 503 when the acknowledgement itself is lost, keeps the photos, and the retry finds the report", async () => {
    const owner = await signUp(t);
    const project = await createProject(t, owner.accessToken);
    const body = await multipart({ projectId: project.id, priority: "low" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    const send = () =>
      t.request({
        method: "POST",
        url: "/api/snagging",
        token: owner.accessToken,
        ...body,
        headers: { ...body.headers, "idempotency-key": "draft-7f3a" },
      });

    const cut = proxy.cutOnCommit("before-ack");
    const lost = await send();
    await cut;
    expectError(lost, 503);

    await proxy.restore();
    const stored = await storedReports(owner.user.workspaceId);
    expect(stored).toHaveLength(1);
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const report = (retry.json() as { report: Report }).report;
    expect(report.id).toBe(stored[0]?.id);
    for (const url of [report.attachments[0]?.file_path, report.attachments[0]?.thumbnail_path]) {
      expect((await t.request({ method: "GET", url: url as string })).statusCode, url as string).toBe(200);
    }
    expect(await storedReports(owner.user.workspaceId)).toHaveLength(1);
  });
});
