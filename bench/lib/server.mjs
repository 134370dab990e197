// Starts a checkout's built server (apps/server/dist/main.js) on a port the OS reports free, with a
// fresh data folder, so benchmarks can run beside other checkouts' servers and test suites.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverNodeArgs, withAllocatorDefaults } from "../../scripts/allocator-env.mjs";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `root` is a checkout built with `npm run build`; `env` adds to the server's environment;
 * `nodeArgs` go before the script (e.g. --cpu-prof).
 */
export async function startServer(root, env = {}, nodeArgs = []) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "sitesnag-bench-"));
  let output = "";
  // As `npm start` runs it: its Node flags (decision 0037) unless the environment sets them.
  const flags = [...serverNodeArgs({ ...process.env, ...env }), ...nodeArgs];
  const child = spawn(process.execPath, [...flags, path.join(root, "apps/server/dist/main.js")], {
    // As `npm start` runs it: the same allocator defaults (decision 0019).
    env: withAllocatorDefaults({
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT: "100000",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stopping = false;
  // A server that dies mid-run (a crash, or a signal from outside) says so, with how it ended.
  child.once("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`server ${child.pid} exited unexpectedly: code ${code}, signal ${signal}\n`);
  });
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => {
    output += d;
    process.stderr.write(d);
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a shared, loaded machine a cold start (migrations included) has taken over 30 s.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed benchmark.
      stopping = true;
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid,
    /** Its DATA_DIR (files under files/, mail under mail/), removed by stop(). */
    dataDir,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
