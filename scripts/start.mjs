// `npm start`: builds whatever is missing or older than its sources, then serves the whole product
// (web app, /api, files) on one origin with the built server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeArgs, withAllocatorDefaults } from "./allocator-env.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newestMtime(path.join(root, dir)) > built);
}

function run(workspace) {
  const result = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = "packages/shared/src";
if (needsBuild(path.join(root, "apps/web/dist/index.html"), ["apps/web/src", "apps/web/public", shared]))
  run("apps/web");
if (needsBuild(path.join(root, "apps/server/dist/main.js"), ["apps/server/src", shared])) run("apps/server");

// The request thread's young generation capped (decision 0037), unless NODE_OPTIONS sets it.
const nodeArgs = ["--enable-source-maps", ...serverNodeArgs(process.env)];
const server = spawnSync(process.execPath, [...nodeArgs, path.join(root, "apps/server/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
  // glibc's malloc arenas bounded (decision 0019), unless the environment says otherwise.
  env: withAllocatorDefaults(process.env),
});
process.exit(server.status ?? 0);
