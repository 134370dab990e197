// Pure pin maths for the plan viewer: colours, filters, and clustering when zoomed out. Positions
// are relative to the sheet (0–1 from its top-left corner on each axis), the unit the API stores,
// so they hold for every revision and every zoom. Kept free of the viewer so it is unit-tested.
import type { Priority, ReportStatus } from "@sitesnag/shared/enums";

/** The status badges' hues (components/report-badges.tsx), strong enough to read on a drawing. */
export const PIN_COLOURS: Record<ReportStatus, string> = {
  open: "#dc2626",
  "in-progress": "#d97706",
  resolved: "#059669",
  closed: "#64748b",
};

export type Pin = {
  id: string;
  title: string;
  status: ReportStatus;
  priority: Priority;
  assignedTo: string | null;
  x: number;
  y: number;
  /** When the snag was filed (epoch seconds): the heatmap's age colours (issue 37). */
  createdAt?: number;
};

export type PinFilter = { status: ReportStatus | "all"; priority: Priority | "all"; assignee: string | "all" };
export const NO_FILTER: PinFilter = { status: "all", priority: "all", assignee: "all" };

export const filterPins = (pins: readonly Pin[], filter: PinFilter): Pin[] =>
  pins.filter(
    (p) =>
      (filter.status === "all" || p.status === filter.status) &&
      (filter.priority === "all" || p.priority === filter.priority) &&
      (filter.assignee === "all" ||
        (filter.assignee === "none" ? p.assignedTo === null : p.assignedTo === filter.assignee)),
  );

export const clampUnit = (v: number): number => Math.min(1, Math.max(0, v));

/** A point of the image (pixels of the rendered sheet) as a pin position, or null when off the sheet. */
export function toPinPosition(
  point: { x: number; y: number },
  size: { width: number; height: number },
): { x: number; y: number } | null {
  const x = point.x / size.width;
  const y = point.y / size.height;
  if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) return null;
  // Four decimals: a tenth of a millimetre on an A0 sheet, and a stable value to compare.
  return { x: Math.round(x * 10_000) / 10_000, y: Math.round(y * 10_000) / 10_000 };
}

export type Cluster = { key: string; x: number; y: number; pins: Pin[] };

/**
 * Groups pins that would overlap on screen: a grid of `cell` (in sheet units, i.e. the pin's
 * on-screen size divided by the sheet's on-screen width) per axis; each cluster sits at the mean
 * of its pins. With `cell` small enough (zoomed in) every pin is its own cluster.
 */
export function clusterPins(pins: readonly Pin[], cell: number, aspect: number): Cluster[] {
  if (!(cell > 0)) return pins.map((p) => ({ key: p.id, x: p.x, y: p.y, pins: [p] }));
  const cellY = cell * aspect;
  const cells = new Map<string, Pin[]>();
  for (const pin of pins) {
    const key = `${Math.floor(pin.x / cell)}:${Math.floor(pin.y / cellY)}`;
    const list = cells.get(key);
    if (list) list.push(pin);
    else cells.set(key, [pin]);
  }
  return [...cells.entries()].map(([key, list]) => ({
    key: list.length === 1 ? (list[0] as Pin).id : `cluster:${key}`,
    x: list.reduce((s, p) => s + p.x, 0) / list.length,
    y: list.reduce((s, p) => s + p.y, 0) / list.length,
    pins: list,
  }));
}

/** The most urgent status in a cluster gives its colour: open, then in progress, resolved, closed. */
export function clusterStatus(pins: readonly Pin[]): ReportStatus {
  const order: ReportStatus[] = ["open", "in-progress", "resolved", "closed"];
  return order.find((s) => pins.some((p) => p.status === s)) ?? "closed";
}

/** The template's tile address for one tile (DZI numbering). */
export const tileAddress = (template: string, level: number, col: number, row: number): string =>
  template.replace("{level}", String(level)).replace("{col}", String(col)).replace("{row}", String(row));

/** Every tile of a pyramid (for "Make available offline"), as the server's tileNames() lists them. */
export function tileAddresses(template: string, width: number, height: number, tileSize: number): string[] {
  const top = Math.ceil(Math.log2(Math.max(1, width, height)));
  const out: string[] = [];
  for (let level = 0; level <= top; level += 1) {
    const scale = 2 ** (top - level);
    const cols = Math.ceil(Math.ceil(width / scale) / tileSize);
    const rows = Math.ceil(Math.ceil(height / scale) / tileSize);
    for (let col = 0; col < cols; col += 1)
      for (let row = 0; row < rows; row += 1) out.push(tileAddress(template, level, col, row));
  }
  return out;
}

/**
 * The clustering cell for a zoom: a pin's on-screen size (with a fifth of room) as a fraction of
 * the sheet's on-screen width, rounded up to a power of two so pins regroup only when the zoom
 * has doubled or halved, not on every frame of a pinch.
 */
export function clusterCell(pinPx: number, sheetWidthPx: number): number {
  if (!(sheetWidthPx > 0)) return 0;
  return 2 ** Math.ceil(Math.log2((pinPx * 1.2) / sheetWidthPx));
}

/**
 * The smallest zoom from `from` (doubling, up to `max`) at which `pin` is a cluster of its own, so
 * its own button is drawn; `max` when pins sit on top of each other.
 */
export function soloZoom(
  pins: readonly Pin[],
  pin: Pin,
  aspect: number,
  options: { from: number; max: number; cellAt: (zoom: number) => number },
): number {
  let zoom = options.from;
  for (;;) {
    const cell = options.cellAt(zoom);
    const cluster = clusterPins(pins, cell, aspect).find((c) => c.pins.includes(pin));
    if (!cluster || cluster.pins.length === 1 || zoom >= options.max) return Math.min(zoom, options.max);
    zoom *= 2;
  }
}

const byReading = (a: { x: number; y: number }, b: { x: number; y: number }) => a.y - b.y || a.x - b.x;

/** Pins in reading order (top to bottom, then left to right): the order "Next pin" follows. */
export const readingOrder = (pins: readonly Pin[]): Pin[] => [...pins].sort(byReading);

/**
 * Where `item` goes in `sorted` (already in reading order) to keep it so: the index of the first
 * entry after it (binary search). Buttons are inserted there, so Tab follows the reading order.
 */
export function readingIndex(sorted: readonly { x: number; y: number }[], item: { x: number; y: number }): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (byReading(sorted[mid] as { x: number; y: number }, item) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A rectangle of the sheet, in sheet units (0–1 from the top-left corner on each axis). */
export type SheetRect = { left: number; top: number; right: number; bottom: number };

/**
 * The part of the sheet worth carrying pins for: what is on screen plus `margin` of its size on
 * every side, so a short pan shows pins already placed and the set changes only now and then.
 */
export function padRect(rect: SheetRect, margin: number): SheetRect {
  const dx = (rect.right - rect.left) * margin;
  const dy = (rect.bottom - rect.top) * margin;
  return { left: rect.left - dx, top: rect.top - dy, right: rect.right + dx, bottom: rect.bottom + dy };
}

const isInside = (c: { x: number; y: number }, r: SheetRect) =>
  c.x >= r.left && c.x <= r.right && c.y >= r.top && c.y <= r.bottom;

/**
 * Spatial index of a sheet's clusters: a uniform grid of buckets over the sheet, so the clusters
 * in a window are found by visiting the buckets it covers rather than every cluster (2,000 pins
 * zoomed in are 2,000 clusters, of which a phone shows a few dozen).
 */
export class ClusterGrid {
  private readonly buckets = new Map<number, Cluster[]>();
  private readonly size: number;

  constructor(
    readonly clusters: readonly Cluster[],
    size = 32,
  ) {
    this.size = size;
    for (const c of clusters) {
      const key = this.bucket(c.x) * size + this.bucket(c.y);
      const list = this.buckets.get(key);
      if (list) list.push(c);
      else this.buckets.set(key, [c]);
    }
  }

  private bucket(v: number): number {
    return Math.min(this.size - 1, Math.max(0, Math.floor(v * this.size)));
  }

  /** The clusters inside `rect` (edges included). */
  within(rect: SheetRect): Cluster[] {
    const out: Cluster[] = [];
    if (rect.right < 0 || rect.bottom < 0 || rect.left > 1 || rect.top > 1) return out;
    const [c0, c1, r0, r1] = [
      this.bucket(rect.left),
      this.bucket(rect.right),
      this.bucket(rect.top),
      this.bucket(rect.bottom),
    ];
    for (let col = c0; col <= c1; col += 1)
      for (let row = r0; row <= r1; row += 1)
        for (const c of this.buckets.get(col * this.size + row) ?? []) if (isInside(c, rect)) out.push(c);
    return out;
  }
}

/** Whether `inner` lies wholly inside `outer` (edges included). */
export const containsRect = (outer: SheetRect, inner: SheetRect): boolean =>
  inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;

/**
 * What a cluster's button shows: its key plus everything drawn on it (place, colour, count,
 * label). A button is kept while this holds, so a regrouping, a new filter or a refetch replaces
 * only the buttons that changed (the selection is marked on the button kept).
 */
export const clusterLook = (cluster: Cluster): string => {
  const single = cluster.pins.length === 1 ? cluster.pins[0] : undefined;
  const status = single ? single.status : clusterStatus(cluster.pins);
  const label = single ? `${single.title}|${single.priority}` : cluster.pins.length;
  return `${cluster.key}|${cluster.x}|${cluster.y}|${status}|${label}`;
};

/** What to add and what to remove to go from the buttons shown (by `keyOf`) to `next`. */
export function diffClusters(
  shown: ReadonlySet<string>,
  next: readonly Cluster[],
  keyOf: (cluster: Cluster) => string = (c) => c.key,
): { add: Cluster[]; remove: string[] } {
  const keys = next.map(keyOf);
  const keep = new Set(keys);
  return { add: next.filter((_, i) => !shown.has(keys[i] as string)), remove: [...shown].filter((k) => !keep.has(k)) };
}
