import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// A window that is a plain EventTarget: the person's taps, keys and wheel are dispatched on it.
async function freshModule() {
  vi.resetModules();
  const page = new EventTarget();
  vi.stubGlobal("window", page);
  const { onEngagement } = await import("./on-engagement");
  return { page, onEngagement };
}

describe("onEngagement", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("waits for the first tap, then runs once", async () => {
    const { page, onEngagement } = await freshModule();
    const work = vi.fn();
    onEngagement(work);
    page.dispatchEvent(new Event("load"));
    page.dispatchEvent(new Event("scroll"));
    expect(work).not.toHaveBeenCalled();
    page.dispatchEvent(new Event("pointerdown"));
    expect(work).toHaveBeenCalledTimes(1);
    page.dispatchEvent(new Event("keydown"));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("runs at once once the person has engaged before", async () => {
    const { page, onEngagement } = await freshModule();
    onEngagement(() => {});
    page.dispatchEvent(new Event("keydown"));
    const work = vi.fn();
    onEngagement(work);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("a cancelled wait never runs", async () => {
    const { page, onEngagement } = await freshModule();
    const work = vi.fn();
    const cancel = onEngagement(work);
    cancel();
    page.dispatchEvent(new Event("wheel"));
    expect(work).not.toHaveBeenCalled();
  });
});
