import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
