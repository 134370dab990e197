// The plan heatmap's maths (issue 37), apart from drawing: the sheet is cut into a coarse grid,
// each pin spreads a smooth bump of weight over the cells around it, and each cell takes the colour
// of the class (a status, or an age band of open snags) that weighs most there and an opacity from
// its total weight against the densest cell. Pure, so the unit test checks it without a canvas.
import { REPORT_STATUSES, type ReportStatus } from "@sitesnag/shared/enums";
import { PIN_COLOURS, type Pin } from "./pin-math";

export type HeatMode = "status" | "age";

/** Ages of open snags in days, as the overview's ageing buckets: 0–7, 8–30, 31–90, over 90. */
export const AGE_BANDS = ["week", "month", "quarter", "older"] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
const AGE_LIMITS = [7, 30, 90];

// A light-to-dark sequence of one hue family that stays ordered for colour-blind readers and in
// sunlight (it reads by lightness, not by hue): pale yellow, amber, red, deep purple.
export const AGE_COLOURS: Record<AgeBand, string> = {
  week: "#facc15",
  month: "#f97316",
  quarter: "#dc2626",
  older: "#581c87",
};

const DAY = 86_400;

export function ageBand(createdAt: number, now: number): AgeBand {
  const days = Math.max(0, Math.floor((now - createdAt) / DAY));
  const index = AGE_LIMITS.findIndex((limit) => days <= limit);
  return AGE_BANDS[index < 0 ? AGE_BANDS.length - 1 : index] as AgeBand;
}

const isOpen = (pin: Pin) => pin.status === "open" || pin.status === "in-progress";

/** The classes of a mode in legend order, with their colours. */
export function heatClasses(mode: HeatMode): { key: ReportStatus | AgeBand; colour: string }[] {
  return mode === "status"
    ? REPORT_STATUSES.map((key) => ({ key, colour: PIN_COLOURS[key] }))
    : AGE_BANDS.map((key) => ({ key, colour: AGE_COLOURS[key] }));
}

/** A pin's class index in `heatClasses(mode)`, or -1 when the mode leaves it out (age: closed work). */
export function heatClass(pin: Pin, mode: HeatMode, now: number): number {
  if (mode === "status") return REPORT_STATUSES.indexOf(pin.status);
  if (!isOpen(pin) || pin.createdAt === undefined) return -1;
  return AGE_BANDS.indexOf(ageBand(pin.createdAt, now));
}

/** How many pins each class holds (the legend's numbers). */
export function heatCounts(pins: readonly Pin[], mode: HeatMode, now: number): number[] {
  const counts = heatClasses(mode).map(() => 0);
  for (const pin of pins) {
    const k = heatClass(pin, mode, now);
    if (k >= 0) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

export type HeatGrid = {
  cols: number;
  rows: number;
  /** Total weight per cell, row by row. */
  density: Float32Array;
  /** The heaviest class per cell (an index of heatClasses), -1 where nothing lies. */
  dominant: Int8Array;
  max: number;
};

/**
 * The grid of a sheet `aspect` (height / width) high, `cols` cells wide; each pin's bump reaches
 * `radius` cells (a smooth (1 − d²/r²)² fall-off, so neighbouring pins merge into one patch).
 */
export function heatGrid(
  pins: readonly Pin[],
  mode: HeatMode,
  now: number,
  { cols = 64, aspect = 1, radius = 4 }: { cols?: number; aspect?: number; radius?: number } = {},
): HeatGrid {
  const rows = Math.max(1, Math.min(4 * cols, Math.round(cols * aspect)));
  const classes = heatClasses(mode).length;
  const weights = new Float32Array(cols * rows * classes);
  const density = new Float32Array(cols * rows);
  for (const pin of pins) {
    const k = heatClass(pin, mode, now);
    if (k < 0) continue;
    const cx = pin.x * cols;
    const cy = pin.y * rows;
    for (let y = Math.max(0, Math.floor(cy - radius)); y <= Math.min(rows - 1, Math.ceil(cy + radius)); y += 1) {
      for (let x = Math.max(0, Math.floor(cx - radius)); x <= Math.min(cols - 1, Math.ceil(cx + radius)); x += 1) {
        const d2 = ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2) / (radius * radius);
        if (d2 >= 1) continue;
        const w = (1 - d2) ** 2;
        const cell = y * cols + x;
        density[cell] = (density[cell] ?? 0) + w;
        weights[cell * classes + k] = (weights[cell * classes + k] ?? 0) + w;
      }
    }
  }
  const dominant = new Int8Array(cols * rows).fill(-1);
  let max = 0;
  for (let cell = 0; cell < density.length; cell += 1) {
    const total = density[cell] ?? 0;
    if (total <= 0) continue;
    max = Math.max(max, total);
    let best = 0;
    for (let k = 1; k < classes; k += 1)
      if ((weights[cell * classes + k] ?? 0) > (weights[cell * classes + best] ?? 0)) best = k;
    dominant[cell] = best;
  }
  return { cols, rows, density, dominant, max };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** RGBA pixels, one per cell: the class colour, more opaque where more snags lie (a faint floor cut off). */
export function heatPixels(grid: HeatGrid, mode: HeatMode): Uint8ClampedArray<ArrayBuffer> {
  const colours = heatClasses(mode).map((c) => rgb(c.colour));
  const pixels = new Uint8ClampedArray(grid.cols * grid.rows * 4);
  if (grid.max <= 0) return pixels;
  for (let cell = 0; cell < grid.density.length; cell += 1) {
    const k = grid.dominant[cell] ?? -1;
    if (k < 0) continue;
    const share = (grid.density[cell] ?? 0) / grid.max;
    if (share < 0.04) continue;
    const [r, g, b] = colours[k] as [number, number, number];
    const at = cell * 4;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
    pixels[at + 3] = Math.round(255 * (0.25 + 0.55 * Math.sqrt(share)));
  }
  return pixels;
}
