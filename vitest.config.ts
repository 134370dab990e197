import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on the 2-core CI machine,
    // where the API tests mostly wait on PostgreSQL, child processes and fault windows. Two there
    // took the suite from 558 s to 401 s; each test app has its own schema and data folder.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { conditions: ["source"] },
        test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] },
      },
      {
        resolve: { conditions: ["source"] },
        test: { name: "web", root: "apps/web", include: ["src/**/*.test.ts"], env: { TZ: "UTC" } },
      },
      {
        resolve: { conditions: ["source"] },
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
