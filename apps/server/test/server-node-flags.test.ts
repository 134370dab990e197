// The Node flags `npm start` and the benchmarks give the server (scripts/allocator-env.mjs,
// decisions 0037 and 0042), and that this Node accepts them on its command line.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverNodeArgs } from "../../../scripts/allocator-env.mjs";

describe("the server's Node flags", () => {
  it("caps the young generation unless NODE_OPTIONS sets it; optimizes for size only when asked", () => {
    expect(serverNodeArgs({})).toEqual(["--max-semi-space-size=8"]);
    expect(serverNodeArgs({ NODE_OPTIONS: "--max-semi-space-size=4" })).toEqual([]);
    expect(serverNodeArgs({ SERVER_OPTIMIZE_FOR_SIZE: "1" })).toEqual([
      "--max-semi-space-size=8",
      "--optimize-for-size",
    ]);
    expect(serverNodeArgs({ SERVER_OPTIMIZE_FOR_SIZE: "true" })).toContain("--optimize-for-size");
    expect(serverNodeArgs({ SERVER_OPTIMIZE_FOR_SIZE: "0" })).not.toContain("--optimize-for-size");
    expect(serverNodeArgs({ SERVER_OPTIMIZE_FOR_SIZE: "" })).not.toContain("--optimize-for-size");
  });

  it("are all accepted by this Node on the command line", () => {
    const flags = serverNodeArgs({ SERVER_OPTIMIZE_FOR_SIZE: "1" });
    const run = spawnSync(process.execPath, [...flags, "-e", "process.stdout.write('ok')"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("ok");
  });
});
