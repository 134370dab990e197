import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { PerKeyLimit } from "./per-key-limit";

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

describe("PerKeyLimit", () => {
  it("refuses the key's next operation with 429 while `limit` are in flight, others' go on", async () => {
    const limit = new PerKeyLimit(2, "Busy, try again", 7);
    const g = gate();
    const first = limit.run("a", () => g.opened.then(() => 1));
    const second = limit.run("a", () => g.opened.then(() => 2));
    const refused = await limit.run("a", async () => 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429, message: "Busy, try again", options: { retryAfterSeconds: 7 } });
    expect(await limit.run("b", async () => "b")).toBe("b");
    g.open();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(await limit.run("a", async () => 4)).toBe(4);
    expect(limit.size).toBe(0);
  });

  it("frees the slot when the work fails", async () => {
    const limit = new PerKeyLimit(1, "Busy");
    await expect(limit.run("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit.run("a", async () => "again")).toBe("again");
    expect(limit.size).toBe(0);
  });
});
