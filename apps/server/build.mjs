// Bundles the server (and @sitesnag/shared, which ships as TypeScript source) into dist/main.js.
// Third-party packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  packages: "external",
  alias: { "@sitesnag/shared": "../../packages/shared/src" },
  logLevel: "warning",
});
