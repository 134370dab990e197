// `npm run dev`: the API server with reload (tsx watch) and the web app with hot reload (Vite,
// which proxies /api and /files to the server on port 3000).
import { spawn } from "node:child_process";

const children = [
  spawn("npm", ["run", "dev", "-w", "apps/server"], { stdio: "inherit", env: { ...process.env, PORT: "3000" } }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
