import { describe, expect, it } from "vitest";
import { MemoryBudget } from "./memory-budget";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("MemoryBudget", () => {
  it("holds at most its limit, admits waiters in order as bytes come back, and releases once", async () => {
    const budget = new MemoryBudget(100);
    const first = await budget.acquire(60);
    const order: string[] = [];
    const second = budget.acquire(50).then((release) => {
      order.push("second");
      return release;
    });
    const third = budget.acquire(10).then((release) => {
      order.push("third");
      return release;
    });
    await tick();
    // 10 would fit beside 60, but it waits behind the 50 that came first (no starvation).
    expect(order).toEqual([]);
    expect(budget.inUse).toBe(60);
    first();
    first();
    const [releaseSecond, releaseThird] = await Promise.all([second, third]);
    expect(order).toEqual(["second", "third"]);
    expect(budget.inUse).toBe(60);
    releaseSecond();
    releaseThird();
    expect(budget.inUse).toBe(0);
  });

  it("lets one task bigger than the whole budget run, alone", async () => {
    const budget = new MemoryBudget(100);
    const small = await budget.acquire(1);
    let big: (() => void) | undefined;
    const waiting = budget.acquire(500).then((release) => {
      big = release;
    });
    await tick();
    expect(big).toBeUndefined();
    small();
    await waiting;
    expect(budget.inUse).toBe(500);
    let next = false;
    const after = budget.acquire(1).then(() => {
      next = true;
    });
    await tick();
    expect(next).toBe(false);
    big?.();
    await after;
    expect(next).toBe(true);
  });
});
