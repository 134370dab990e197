// An SVG logo that costs far more to draw than its size (issue 34: nested <use>, 2 KB, ~9 s of the
// thread pool the whole process shares) must not slow another account: four at once beside
// another account's sign-ins and file reads, whose p99 is measured idle and during, in the same
// run. Before decision 0046 the server's own sharp drew them on libuv's pool, where argon2 and the
// file reads wait: sign-ins took seconds. Now such a logo is refused before anything draws it.
import type { Branding } from "@sitesnag/shared/branding";
import type { Report } from "@sitesnag/shared/snagging";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGO_UPLOADS_PER_MINUTE } from "../src/branding/branding.routes";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, DIALECTS, type TestApp } from "./harness";
import { jpegPhoto, multipart } from "./images";

const SVG = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="200">${body}</svg>`;

/** `levels` groups of `fan` copies of the one below: fan^levels squares in about 1 KB. */
function useBomb(levels = 5, fan = 10): Buffer {
  let defs = '<rect id="l0" width="10" height="10" fill="#c00"/>';
  for (let level = 1; level <= levels; level += 1) {
    const copies = Array.from({ length: fan }, (_, k) => `<use xlink:href="#l${level - 1}" x="${k}"/>`).join("");
    defs += `<g id="l${level}">${copies}</g>`;
  }
  return Buffer.from(SVG(`<defs>${defs}</defs><use href="#l${levels}"/>`));
}

/** The error answer, its message matched rather than spelled out. */
function expectRefusal(res: LightMyRequestResponse, status: number, message: RegExp) {
  expectError(res, status);
  expect((res.json() as { message: string }).message).toMatch(message);
}

const BOMBS = 4;
const ROUNDS = 2;
const IDLE_MS = 1_500;

const p99 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] as number;
};

describe.each(DIALECTS)("SVG logo bombs beside another account (%s)", (kind) => {
  let t: TestApp;
  let bomber: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  let fileUrl: string;

  const upload = async (data: Buffer, token = bomber.accessToken) => {
    const body = await multipart({}, [{ name: "logo.svg", data, type: "image/svg+xml" }], "logo");
    return t.request({ method: "PUT", url: "/api/workspace/branding/logo", token, ...body });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    bomber = await signUp(t);
    other = await signUp(t);
    const project = await createProject(t, other.accessToken);
    const body = await multipart({ projectId: project.id, priority: "low" }, [
      { name: "a.jpg", data: await jpegPhoto() },
    ]);
    const res = await t.request({ method: "POST", url: "/api/snagging", token: other.accessToken, ...body });
    fileUrl = (res.json() as { report: Report }).report.attachments[0]?.file_path as string;
  });
  afterAll(() => t.close());

  it("keeps another account's sign-in and file read p99 within 2× of idle (plus slack) while four are uploaded", async () => {
    const logins: { idle: number[]; bombs: number[] } = { idle: [], bombs: [] };
    const reads: { idle: number[]; bombs: number[] } = { idle: [], bombs: [] };
    const timed = async (samples: number[], request: () => Promise<{ statusCode: number }>, status: number) => {
      const start = performance.now();
      const res = await request();
      samples.push(performance.now() - start);
      expect(res.statusCode).toBe(status);
    };
    const login = () =>
      t.request({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: other.user.email, password: other.password },
      });
    const read = () => t.request({ method: "GET", url: fileUrl, token: other.accessToken });
    /** Another account signs in again and again, and reads a photo again and again, until `done`. */
    const otherAccount = async (phase: "idle" | "bombs", done: () => boolean) => {
      const repeat = async (samples: number[], request: () => Promise<{ statusCode: number }>) => {
        while (!done()) await timed(samples, request, 200);
      };
      await Promise.all([repeat(logins[phase], login), repeat(reads[phase], read)]);
    };

    const answers: number[] = [];
    const messages: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const idleUntil = performance.now() + IDLE_MS;
      await otherAccount("idle", () => performance.now() > idleUntil);
      // The window lasts until every bomb is answered, and at least as long as the idle one.
      let answered = 0;
      const busyUntil = performance.now() + IDLE_MS;
      const bombs = Promise.all(
        Array.from({ length: BOMBS }, async () => {
          const res = await upload(useBomb());
          answered += 1;
          answers.push(res.statusCode);
          return res;
        }),
      );
      await otherAccount("bombs", () => answered === BOMBS && performance.now() > busyUntil);
      messages.push(...(await bombs).map((res) => `${res.statusCode} ${res.json().message}`));
    }

    const figures = {
      login: { idle: p99(logins.idle), bombs: p99(logins.bombs) },
      read: { idle: p99(reads.idle), bombs: p99(reads.bombs) },
    };
    // 2× of idle as the issue asks, plus 250 ms for a busy test machine: before the change a
    // sign-in during the bombs waited 4–20 s for the pool (decision 0046).
    const bound = (idle: number) => 2 * idle + 250;
    console.info(
      `${kind}: other account p99 idle → during ${BOMBS} logo bombs: sign-in ${figures.login.idle.toFixed(1)} → ${figures.login.bombs.toFixed(1)} ms (${logins.bombs.length} samples), file read ${figures.read.idle.toFixed(1)} → ${figures.read.bombs.toFixed(1)} ms (${reads.bombs.length}); bomb answers ${answers.join(",")}`,
    );
    expect(figures.login.bombs).toBeLessThanOrEqual(bound(figures.login.idle));
    expect(figures.read.bombs).toBeLessThanOrEqual(bound(figures.read.idle));
    for (const message of messages) expect(message).toMatch(/^415 The SVG logo is too complex to draw/);
  }, 120_000);

  it("refuses repeats past the caps and references that loop, and draws a logo that repeats a few shapes", async () => {
    expectRefusal(await upload(useBomb(3, 30)), 415, /too complex to draw/);
    expectRefusal(
      await upload(Buffer.from(SVG('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'))),
      415,
      /refers to itself/,
    );
    const deep = `${"<g>".repeat(100)}<rect width="5" height="5"/>${"</g>".repeat(100)}`;
    expectRefusal(await upload(Buffer.from(SVG(deep))), 415, /too complex to draw/);
    expectRefusal(await upload(Buffer.from(SVG("<g><rect width='5' height='5'></g>"))), 415, /not plain XML/);
    const stars = `<defs><path id="s" d="M5 0 L6 4 L10 4 L7 6 L8 10 L5 8 L2 10 L3 6 L0 4 L4 4 Z" fill="#0e7490"/></defs>${Array.from(
      { length: 5 },
      (_, k) => `<use href="#s" x="${k * 12}"/>`,
    ).join("")}`;
    const drawn = await upload(useBomb(2, 10));
    expect(drawn.statusCode, drawn.body).toBe(200);
    const res = await upload(Buffer.from(SVG(stars)));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { branding: Branding }).branding.logoUrl).toMatch(/^\/files\/branding\/[0-9a-f]{32}\.png$/);
  });

  it(`allows ${LOGO_UPLOADS_PER_MINUTE} uploads a minute per workspace, then 429`, async () => {
    const owner = await signUp(t);
    const second = await signUp(t);
    const junk = Buffer.from("not an image");
    for (let i = 0; i < LOGO_UPLOADS_PER_MINUTE; i += 1) expectError(await upload(junk, owner.accessToken), 415);
    expectError(await upload(junk, owner.accessToken), 429);
    // Another workspace keeps its own allowance.
    expectError(await upload(junk, second.accessToken), 415);
  });
});
