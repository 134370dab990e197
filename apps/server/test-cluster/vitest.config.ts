// `npm run test:cluster` (after `npm run build`): real processes behind HAProxy, one file at a
// time. Kept out of the unit projects in the root vitest.config.ts, which `npm test` runs.
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  test: {
    name: "cluster",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
