// The process contract of DESIGN §3: a bad environment stops start-up with one line naming the
// variable; a good one serves /api/health; SIGTERM shuts down cleanly. Runs src/main.ts via tsx.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-startup-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "warn", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  return Object.assign(child, { output: () => out });
}

/** A port the OS reports free right now. */
const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function waitHealthy(child: ChildProcess, port: number): Promise<boolean> {
  for (let i = 0; i < 150 && child.exitCode === null; i++) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => child.once("exit", (code) => resolve(code)));

describe("process start-up", () => {
  it.each([
    [{ DATABASE_URL: "mysql://root@localhost/x" }, "Invalid DATABASE_URL"],
    [{ PORT: "not-a-port" }, "Invalid PORT"],
    [{ DATA_DIR: "/proc/sitesnag-cannot-create" }, "Invalid DATA_DIR"],
    [{ DATA_DIR: "/etc/hostname/not-a-folder" }, "Invalid DATA_DIR"],
    [{ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, "Invalid DATABASE_URL"],
    [{ REDIS_URL: "localhost:6379" }, "Invalid REDIS_URL: must be a redis:// or rediss:// URL"],
    [{ REDIS_URL: "redis://127.0.0.1:1" }, "Invalid REDIS_URL: could not connect to 127.0.0.1:1"],
  ])("refuses %o with one line naming the variable", async (env, expected) => {
    const child = start(env);
    const code = await exited(child);
    expect(code).toBe(1);
    const lines = child.output().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^sitesnag: ${expected}`));
    expect(child.output()).not.toMatch(/\n\s+at /);
  });

  it("serves /api/health, then exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const child = start({ PORT: String(port) });
    expect(await waitHealthy(child, port), child.output()).toBe(true);
    const exit = exited(child);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  });

  it("creates DATA_DIR readable by its user only, and the database, its WAL and the secret 0600", async () => {
    const fresh = path.join(dataDir, "fresh", "data");
    const port = await freePort();
    // The process's umask is the common 022, which would leave new files readable by everyone.
    const child = start({ PORT: String(port), DATA_DIR: fresh });
    expect(await waitHealthy(child, port), child.output()).toBe(true);
    const mode = (file: string) => statSync(path.join(fresh, file)).mode & 0o777;
    expect(mode(".")).toBe(0o700);
    expect(mode("sitesnag.db")).toBe(0o600);
    expect(mode("sitesnag.db-wal")).toBe(0o600);
    expect(mode("app-secret")).toBe(0o600);
    const exit = exited(child);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  });
});
