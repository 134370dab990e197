// The pins drawn over the OpenSeadragon viewer, kept cheap at 2,000 pins (decisions 0033, 0039).
// All pins sit in ONE layer the size of the sheet on screen: each pin is placed once, in percent of
// the sheet (left/top), and a frame of pan or zoom writes only the layer's transform and size, so
// no pin's style changes while the view moves (one overlay per pin, each moved by its own
// transform, cost a style recalculation of every pin every frame). Pins keep their on-screen size
// because the layer is resized, not scaled. Only the clusters in (and around) the view are buttons,
// found through a grid index; a button is kept as long as what it shows is unchanged. Pins stay
// <button>s: reached with Tab, announced, tapped or dragged to move.
import OpenSeadragon from "openseadragon";
import { translate } from "../../../i18n/i18n";
import { msg } from "../../../i18n/use-t";
import {
  type Cluster,
  ClusterGrid,
  clusterLook,
  clusterStatus,
  containsRect,
  diffClusters,
  PIN_COLOURS,
  type Pin,
  padRect,
  readingIndex,
  type SheetRect,
  toPinPosition,
} from "../lib/pin-math";

/** On-screen diameter of a pin, in CSS pixels (a fingertip). */
export const PIN_PX = 28;

export type Placed = { x: number; y: number; width: number; height: number };
export const NOT_PLACED: Placed = { x: Number.NaN, y: Number.NaN, width: Number.NaN, height: Number.NaN };

/**
 * Sizes and moves a layer (`style`) to cover the sheet as it is on screen, writing only what
 * changed since `placed`; answers the new place. The pins and the heatmap follow the plan with it.
 */
export function placeOverSheet(
  viewer: OpenSeadragon.Viewer,
  aspect: number,
  style: CSSStyleDeclaration,
  placed: Placed,
): Placed {
  const { viewport } = viewer;
  const topLeft = viewport.pixelFromPoint(new OpenSeadragon.Point(0, 0), true);
  const bottomRight = viewport.pixelFromPoint(new OpenSeadragon.Point(1, aspect), true);
  const width = bottomRight.x - topLeft.x;
  const height = bottomRight.y - topLeft.y;
  if (width !== placed.width || height !== placed.height) {
    style.width = `${width}px`;
    style.height = `${height}px`;
  }
  if (topLeft.x !== placed.x || topLeft.y !== placed.y) style.transform = `translate(${topLeft.x}px,${topLeft.y}px)`;
  return { x: topLeft.x, y: topLeft.y, width, height };
}

export type PinHandlers = {
  /** A tap (or Enter, Space) on a single pin: its card, or picking it for a bulk change. */
  onPinTap: (pin: Pin) => void;
  onPinMove: (pin: Pin, position: { x: number; y: number }) => void;
};

type Shown = {
  el: HTMLButtonElement;
  tracker: OpenSeadragon.MouseTracker;
  single: Pin | undefined;
  x: number;
  y: number;
};

// In the app's language when the pin is drawn (a switch relabels pins as they are next drawn);
// msg(): the build puts the English beside the id.
const pinLabel = (pin: Pin) =>
  translate(msg("fin.plan.pin"), { title: pin.title, status: pin.status.replace("-p", "P"), priority: pin.priority });

/** Puts a pin at a point of the sheet (0–1 on each axis), in percent of the layer: set once. */
const putAt = (el: HTMLElement, x: number, y: number) => {
  el.style.left = `${x * 100}%`;
  el.style.top = `${y * 100}%`;
};

/**
 * A single pin's pressed state: the pin whose card is open, or (while picking pins for a bulk
 * change, issue 39) each pin picked, which also shows a tick so the state is not told by the
 * border alone.
 */
const markSelected = (el: HTMLButtonElement, selected: boolean, picking: boolean) => {
  el.style.border = selected ? "3px solid #1d4ed8" : "2px solid #fff";
  el.style.outline = selected && picking ? "3px solid #fff" : "";
  el.style.zIndex = selected ? "1" : "";
  el.style.cursor = picking ? "pointer" : "grab";
  el.textContent = selected && picking ? "\u2713" : "";
  el.setAttribute("aria-pressed", String(selected));
};

function pinElement(cluster: Cluster): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.pin = cluster.key;
  const single = cluster.pins.length === 1 ? cluster.pins[0] : undefined;
  const status = single ? single.status : clusterStatus(cluster.pins);
  const half = PIN_PX / 2;
  el.style.cssText = `position:absolute;margin:-${half}px 0 0 -${half}px;width:${PIN_PX}px;height:${PIN_PX}px;border-radius:9999px;background:${PIN_COLOURS[status]};border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.5);color:#fff;font:600 12px/1 system-ui,sans-serif;cursor:${single ? "grab" : "zoom-in"};touch-action:none;pointer-events:auto;`;
  putAt(el, cluster.x, cluster.y);
  el.dataset.status = status;
  if (single) {
    el.setAttribute("aria-label", pinLabel(single));
  } else {
    el.textContent = String(cluster.pins.length);
    el.setAttribute("aria-label", `${cluster.pins.length} snags here. Zoom in to see them.`);
  }
  return el;
}

export class PinLayer {
  private readonly layer = document.createElement("div");
  private grid = new ClusterGrid([]);
  private selected: ReadonlySet<string> = new Set();
  /** Picking pins for a bulk change (issue 39): a tap toggles, a drag pans the plan, never moves a pin. */
  private picking = false;
  private readonly shown = new Map<string, Shown>();
  /** The same buttons in reading order, as they stand in the layer (the order Tab follows). */
  private readonly order: Shown[] = [];
  /** The part of the sheet the buttons shown cover (the view when they were chosen, padded). */
  private window: SheetRect | null = null;
  /** The layer's last place and size on screen, so a frame writes only what changed. */
  private placed = NOT_PLACED;
  private readonly aspect: number;

  constructor(
    private readonly viewer: OpenSeadragon.Viewer,
    private readonly size: { width: number; height: number },
    private readonly handlers: () => PinHandlers,
  ) {
    this.aspect = size.height / size.width;
    // Its own compositing layer: a pan moves it without repainting the pins. Clicks go through
    // to the plan except on the pins.
    this.layer.style.cssText =
      "position:absolute;left:0;top:0;width:0;height:0;pointer-events:none;will-change:transform;";
    viewer.canvas.appendChild(this.layer);
    // Raised after the tiles of a frame are drawn: the pins move in the same frame as the plan.
    viewer.addHandler("update-viewport", this.frame);
  }

  /**
   * New clusters (pins, filter or zoom bucket changed) or selection (the pin whose card is open, or
   * the pins picked while `picking`): only changed buttons are redone.
   */
  setClusters(clusters: readonly Cluster[], selected: ReadonlySet<string>, picking = false) {
    this.grid = new ClusterGrid(clusters);
    this.selected = selected;
    this.picking = picking;
    this.place();
    this.sync(this.view());
  }

  destroy() {
    this.viewer.removeHandler("update-viewport", this.frame);
    for (const key of [...this.shown.keys()]) this.remove(key);
    this.layer.remove();
  }

  private readonly frame = () => {
    this.place();
    // Buttons are chosen again only when the view has left the part of the sheet they were chosen
    // for, or has shrunk well inside it (zoomed in by a quarter: fewer buttons will do).
    const view = this.view();
    const window = this.window;
    if (!window || !containsRect(window, view) || (view.right - view.left) * 2.5 < window.right - window.left)
      this.sync(view);
  };

  /** The sheet's place and size on screen, given to the layer: the only writes of a frame. */
  private place() {
    this.placed = placeOverSheet(this.viewer, this.aspect, this.layer.style, this.placed);
  }

  /** The sheet's part in view, in sheet units (0–1 on each axis). */
  private view(): SheetRect {
    const b = this.viewer.viewport.getBounds(true);
    const aspect = this.aspect;
    return { left: b.x, top: b.y / aspect, right: b.x + b.width, bottom: (b.y + b.height) / aspect };
  }

  private sync(view: SheetRect) {
    this.window = padRect(view, 0.5);
    const { selected: chosen, picking } = this;
    const next = this.grid.within(this.window);
    const { add, remove } = diffClusters(new Set(this.shown.keys()), next, clusterLook);
    for (const key of remove) this.remove(key);
    for (const cluster of add) this.add(cluster);
    // The selection is shown on the buttons kept (a new one would lose the keyboard's focus).
    const look = (selected: boolean) => `${selected}|${picking}`;
    for (const { el, single } of this.shown.values()) {
      if (!single) continue;
      const selected = chosen.has(single.id);
      if (el.dataset.look !== look(selected)) {
        markSelected(el, selected, picking);
        el.dataset.look = look(selected);
      }
    }
  }

  private remove(key: string) {
    const shown = this.shown.get(key);
    if (!shown) return;
    shown.tracker.destroy();
    shown.el.remove();
    this.shown.delete(key);
    this.order.splice(this.order.indexOf(shown), 1);
  }

  private add(cluster: Cluster) {
    const { viewer, aspect } = this;
    const single = cluster.pins.length === 1 ? (cluster.pins[0] as Pin) : undefined;
    const el = pinElement(cluster);
    if (single) {
      const selected = this.selected.has(single.id);
      markSelected(el, selected, this.picking);
      el.dataset.look = `${selected}|${this.picking}`;
    }
    // Among the buttons in reading order (top to bottom, then left to right), as "Next pin" goes.
    const index = readingIndex(this.order, cluster);
    this.layer.insertBefore(el, this.order[index]?.el ?? null);
    // In viewport coordinates (the sheet is 1 wide and `aspect` high there).
    const at = new OpenSeadragon.Point(cluster.x, cluster.y * aspect);
    let dragged = at;
    let moved = false;
    const open = () => {
      if (single) this.handlers().onPinTap(single);
      else viewer.viewport.zoomBy(2, at);
    };
    el.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      open();
    });
    const tracker = new OpenSeadragon.MouseTracker({
      element: el,
      clickHandler: (event) => {
        if (event.quick) open();
      },
      pressHandler: () => {
        moved = false;
        dragged = at;
        if (single && !this.picking) viewer.setMouseNavEnabled(false);
      },
      dragHandler: (event) => {
        if (!single || this.picking) return;
        moved = true;
        dragged = dragged.plus(viewer.viewport.deltaPointsFromPixels(event.delta));
        putAt(el, dragged.x, dragged.y / aspect);
      },
      releaseHandler: () => {
        viewer.setMouseNavEnabled(true);
        if (!single || !moved) return;
        const position = toPinPosition(viewer.viewport.viewportToImageCoordinates(dragged), this.size);
        if (position) this.handlers().onPinMove(single, position);
        else putAt(el, cluster.x, cluster.y);
      },
    });
    const shown = { el, tracker, single, x: cluster.x, y: cluster.y };
    this.shown.set(clusterLook(cluster), shown);
    this.order.splice(index, 0, shown);
  }
}
