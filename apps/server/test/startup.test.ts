// The process contract of DESIGN §3: a bad environment stops start-up with one line naming the
// variable; a good one serves /api/health; SIGTERM shuts down cleanly. Runs src/main.ts via tsx.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => child.once("exit", (code) => resolve(code)));

describe("process start-up", () => {
  it.each([
    [{ DATABASE_URL: "mysql://root@localhost/x" }, "Invalid DATABASE_URL"],
    [{ PORT: "not-a-port" }, "Invalid PORT"],
    [{ DATA_DIR: "/proc/sitesnag-cannot-create" }, "Invalid DATA_DIR"],
    [{ DATA_DIR: "/etc/hostname/not-a-folder" }, "Invalid DATA_DIR"],
    [{ DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" }, "Invalid DATABASE_URL"],
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
    const port = 4800 + Math.floor(Math.random() * 90);
    const child = start({ PORT: String(port) });
    let healthy = false;
    for (let i = 0; i < 150 && !healthy && child.exitCode === null; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy, child.output()).toBe(true);
    const exit = exited(child);
    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  });
});
