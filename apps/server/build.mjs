// Bundles the server (and @sitesnag/shared, which ships as TypeScript source) into dist/main.js,
// and each worker's entry beside it (dist/pdf-worker.js, dist/photo-worker.js: worker threads;
// dist/sheet-worker.js: the drawing child processes; dist/logo-process.js: the logo renderer's child
// process; each pool looks for its entry next to main.js). Third-party packages stay external and load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "src/main.ts",
    "pdf-worker": "src/workers/pdf-worker.ts",
    "photo-worker": "src/photos/photo-worker.ts",
    "sheet-worker": "src/sheets/sheet-worker.ts",
    "logo-process": "src/branding/logo-process.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  sourcemap: true,
  packages: "external",
  alias: { "@sitesnag/shared": "../../packages/shared/src" },
  logLevel: "warning",
});
