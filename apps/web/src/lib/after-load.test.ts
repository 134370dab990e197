import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterLoad } from "./after-load";

// A window whose `load` has fired or not: afterLoad's work must never run inside its caller's task
// (React's effect flush at start-up), and never before `load`.
function fakePage(readyState: "loading" | "complete") {
  const listeners: (() => void)[] = [];
  const idle: (() => void)[] = [];
  vi.stubGlobal("document", { readyState });
  vi.stubGlobal("window", {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
    requestIdleCallback: (fn: () => void) => idle.push(fn),
  });
  return {
    fireLoad: () => {
      for (const fn of listeners.splice(0)) fn();
    },
    runIdle: () => {
      for (const fn of idle.splice(0)) fn();
    },
  };
}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("afterLoad", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("with idle: false, runs in a task of its own once load has fired", async () => {
    fakePage("complete");
    const work = vi.fn();
    afterLoad(work, { idle: false });
    expect(work).not.toHaveBeenCalled();
    await nextTask();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("with idle: false, waits for load", async () => {
    const page = fakePage("loading");
    const work = vi.fn();
    afterLoad(work, { idle: false });
    await nextTask();
    expect(work).not.toHaveBeenCalled();
    page.fireLoad();
    await nextTask();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("by default, waits for load and then an idle moment", async () => {
    const page = fakePage("loading");
    const work = vi.fn();
    afterLoad(work);
    page.fireLoad();
    await nextTask();
    expect(work).not.toHaveBeenCalled();
    page.runIdle();
    expect(work).toHaveBeenCalledTimes(1);
  });
});
