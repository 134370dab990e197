import { describe, expect, it } from "vitest";
import {
  ARROW_HEAD_LENGTH,
  annotationCanvasSize,
  arrowHeadPoints,
  BRUSH_DEFAULT,
  clampBrush,
  distance,
} from "./annotation-geometry";

describe("annotation canvas (SPEC §9)", () => {
  it("scales wide photos down to 800 px wide and never scales small ones up", () => {
    expect(annotationCanvasSize(2048, 1536)).toEqual({ width: 800, height: 600 });
    expect(annotationCanvasSize(1536, 2048)).toEqual({ width: 800, height: 1067 });
    expect(annotationCanvasSize(640, 480)).toEqual({ width: 640, height: 480 });
    expect(annotationCanvasSize(800, 10)).toEqual({ width: 800, height: 10 });
  });

  it("keeps the brush between 1 and 10 px, defaulting to 3", () => {
    expect(clampBrush(0)).toBe(1);
    expect(clampBrush(11)).toBe(10);
    expect(clampBrush(4.4)).toBe(4);
    expect(clampBrush(Number.NaN)).toBe(BRUSH_DEFAULT);
    expect(BRUSH_DEFAULT).toBe(3);
  });

  it("puts the arrow head's corners 15 px from the tip, symmetric about the shaft", () => {
    const from = { x: 0, y: 0 };
    const to = { x: 100, y: 0 };
    const [left, right] = arrowHeadPoints(from, to);
    expect(ARROW_HEAD_LENGTH).toBe(15);
    expect(distance(to, left)).toBeCloseTo(15);
    expect(distance(to, right)).toBeCloseTo(15);
    expect(left.x).toBeCloseTo(right.x);
    expect(left.y).toBeCloseTo(-right.y);
    expect(left.x).toBeLessThan(to.x); // behind the tip
  });

  it("turns the head with the shaft", () => {
    const [left, right] = arrowHeadPoints({ x: 50, y: 50 }, { x: 50, y: 10 });
    expect(left.y).toBeGreaterThan(10);
    expect(right.y).toBeGreaterThan(10);
    expect(left.x).toBeCloseTo(100 - right.x);
  });
});
