// CPU profile of the API under load: starts the built server with `node --cpu-prof`, drives one
// signed-in route with autocannon, stops the server (the profile is written on exit) and prints
// where the samples went: self time by package (node_modules) or source file, and the top functions.
// Usage: npm run build && node bench/api-profile.mjs [--path /api/projects] [--seconds 10]
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { startServer } from "./lib/server.mjs";

const { values } = parseArgs({
  options: { path: { type: "string", default: "/api/projects" }, seconds: { type: "string", default: "10" } },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const profileDir = mkdtempSync(path.join(tmpdir(), "sitesnag-profile-"));
const server = await startServer(root, {}, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
try {
  const post = (url, body, token) =>
    fetch(server.url + url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { accessToken } = await post("/api/auth/register", {
    firstName: "Profile",
    lastName: "Run",
    email: `profile.${Date.now()}@example.com`,
    password: "profile-run-2026",
  });
  for (let i = 0; i < 3; i++) await post("/api/projects", { name: `Project ${i}`, status: "active" }, accessToken);
  const result = await autocannon({
    url: server.url + values.path,
    connections: 50,
    duration: Number(values.seconds),
    headers: { authorization: `Bearer ${accessToken}` },
  });
  console.log(`${values.path}: ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`);
} finally {
  await server.stop();
}

const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8"));
rmSync(profileDir, { recursive: true, force: true });
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfCount = new Map();
for (const id of profile.samples) selfCount.set(id, (selfCount.get(id) ?? 0) + 1);
const total = profile.samples.length;
const where = (url) => {
  if (!url) return "(native / V8)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node: core";
  return path.relative(root, fileURLToPath(url));
};
const byPlace = new Map();
const byFunction = new Map();
for (const [id, count] of selfCount) {
  const { callFrame } = byId.get(id);
  const place = where(callFrame.url);
  byPlace.set(place, (byPlace.get(place) ?? 0) + count);
  const fn = `${callFrame.functionName || "(anonymous)"} ${place}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + count);
}
const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
console.log(`\nself time by place (${total} samples):`);
for (const [k, v] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(v)}  ${k}`);
console.log("\ntop functions (self):");
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(v)}  ${k}`);
