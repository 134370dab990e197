// Graceful shutdown of the built server (dist/main.js), a real process: on SIGTERM it stops
// accepting connections, finishes the upload in flight and exits 0 with the report stored; an
// upload still unfinished at SHUTDOWN_TIMEOUT_SECONDS is cut and the exit code is 1.

import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Report } from "@sitesnag/shared/snagging";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_SECRET, freePort, Instance, until } from "./cluster";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "sitesnag-shutdown-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function startInstance(name: string, env: Record<string, string> = {}): Promise<Instance> {
  const instance = new Instance(
    name,
    await freePort(),
    {
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      APP_SECRET,
      DATA_DIR: path.join(folder, name),
      ...env,
    },
    path.join(folder, `${name}.log`),
  );
  await instance.start();
  return instance;
}

async function signUpWithProject(base: string): Promise<{ token: string; projectId: string }> {
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Sid",
      lastName: "Shutdown",
      email: `sid.${Date.now()}.${Math.random()}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  expect(registered.status).toBe(201);
  const token = ((await registered.json()) as AuthResponse).accessToken;
  const project = await fetch(`${base}/api/projects`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "Depot", description: "", location: "", clientName: "", status: "active" }),
  });
  expect(project.status).toBe(201);
  return { token, projectId: ((await project.json()) as { project: { id: string } }).project.id };
}

/** A report upload with one photo, as a browser's multipart body. */
async function uploadBody(projectId: string): Promise<{ body: Buffer; contentType: string }> {
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#3366aa" } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const form = new FormData();
  form.append("projectId", projectId);
  form.append("priority", "high");
  form.append("description", "📷 Photo 1 - Plant room: leaking valve");
  form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "valve.jpg");
  const response = new Response(form);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type") as string,
  };
}

/**
 * Starts the upload and sends the first half of its body once the server has taken the request
 * (100 Continue: it is in flight); the caller sends the rest with `finish`.
 */
function startUpload(port: number, token: string, upload: { body: Buffer; contentType: string }) {
  const half = Math.floor(upload.body.length / 2);
  let onContinue: () => void = () => undefined;
  const taken = new Promise<void>((resolve) => {
    onContinue = resolve;
  });
  const request = http.request({
    agent: new http.Agent({ keepAlive: true }),
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/snagging",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": upload.contentType,
      "content-length": String(upload.body.length),
      expect: "100-continue",
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
  request.on("continue", () => {
    request.write(upload.body.subarray(0, half));
    onContinue();
  });
  request.flushHeaders();
  return { taken, response, finish: () => request.end(upload.body.subarray(half)) };
}

const refusesConnections = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

describe("graceful shutdown of the built server", () => {
  it("on SIGTERM stops accepting, finishes the upload in flight, then exits 0", async () => {
    // A deadline generous for a busy machine, yet shorter than the server's 72-second keep-alive
    // timeout: the upload's keep-alive connection must be closed once answered, not waited out.
    const instance = await startInstance("graceful", { SHUTDOWN_TIMEOUT_SECONDS: "60" });
    const { token, projectId } = await signUpWithProject(instance.url);
    const upload = startUpload(instance.port, token, await uploadBody(projectId));
    await upload.taken;

    const exit = instance.stop("SIGTERM");
    await until("the listener to close", () => refusesConnections(instance.port));
    upload.finish();
    const answered = await upload.response.catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await instance.log()}`);
    });
    expect(answered.status, answered.body).toBe(201);
    const code = await exit;
    const log = await instance.log();
    expect(code, log).toBe(0);
    expect(log).toContain("shutting down: finishing requests in flight");
    expect(log).toMatch(/"interrupted":false.*"msg":"shut down"/);

    // The report and its photo were stored: visible after a restart on the same DATA_DIR.
    const { report } = JSON.parse(answered.body) as { report: Report };
    await instance.start();
    const stored = await fetch(`${instance.url}/api/snagging/${report.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.status).toBe(200);
    const photo = await fetch(`${instance.url}${report.attachments[0]?.file_path}`);
    expect(photo.status).toBe(200);
    expect(await instance.stop("SIGTERM")).toBe(0);
  });

  it("cuts an upload still unfinished at SHUTDOWN_TIMEOUT_SECONDS and exits 1", async () => {
    const instance = await startInstance("deadline", { SHUTDOWN_TIMEOUT_SECONDS: "1" });
    const { token, projectId } = await signUpWithProject(instance.url);
    const upload = startUpload(instance.port, token, await uploadBody(projectId));
    const outcome = upload.response.then(
      (res) => `answered ${res.status}`,
      (error: NodeJS.ErrnoException) => error.code,
    );
    await upload.taken;
    // The rest of the body never comes.
    expect(await instance.stop("SIGTERM")).toBe(1);
    expect(await outcome).toBe("ECONNRESET");
    expect(await instance.log()).toContain("shutdown deadline passed");
  });
});
