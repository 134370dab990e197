import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { createLogoRenderer, LOGO_RENDERER_BUSY, type LogoRenderer } from "./logo-renderer";

/** 10^6 squares through nested <use>: tens of seconds to draw (the inspection is bypassed here). */
const BOMB = (() => {
  let defs = '<rect id="l0" width="10" height="10"/>';
  for (let level = 1; level <= 6; level += 1) {
    defs += `<g id="l${level}">${Array.from({ length: 10 }, (_, k) => `<use href="#l${level - 1}" x="${k}"/>`).join("")}</g>`;
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><defs>${defs}</defs><use href="#l6"/></svg>`,
  );
})();

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? { status: err.statusCode, message: err.message } : err),
  );

describe("createLogoRenderer", () => {
  let logos: LogoRenderer;
  afterEach(() => logos.close());

  it("renders in a process of its own, to a PNG of at most 600 × 200", async () => {
    logos = createLogoRenderer({ renders: 1, queue: 0, timeoutMs: 20_000 });
    const input = await sharp({ create: { width: 1200, height: 300, channels: 3, background: "#0e7490" } })
      .png()
      .toBuffer();
    const meta = await sharp(await logos.render(input)).metadata();
    expect(meta).toMatchObject({ format: "png", width: 600, height: 150 });
    expect(logos.running()).toBe(0);
  });

  it("kills a render past its budget (422, the process gone), and refuses beyond the queue at once (503)", async () => {
    logos = createLogoRenderer({ renders: 1, queue: 1, timeoutMs: 1_000 });
    const outcomes = Promise.all([refusal(logos.render(BOMB)), refusal(logos.render(BOMB))]);
    expect(await refusal(logos.render(BOMB))).toEqual({ status: 503, message: LOGO_RENDERER_BUSY });
    const timeout = { status: 422, message: "The logo took more than 1 s to draw; simplify it or save it as a PNG." };
    expect(await outcomes).toEqual([timeout, timeout]);
    expect(logos.running()).toBe(0);
  });
});
