// The pins drawn over the OpenSeadragon viewer, kept cheap at 2,000 pins: only the clusters in
// (and just around) the view are overlays, found through a grid index and added or removed by
// difference as the view moves; each overlay is placed by a transform (no layout read per frame:
// OpenSeadragon's default re-measures every overlay on every frame, which cost 0.4 s a frame at
// 2,000 pins). Pins stay <button>s: reached with Tab, announced, tapped or dragged to move.
import OpenSeadragon from "openseadragon";
import {
  type Cluster,
  ClusterGrid,
  clusterStatus,
  diffClusters,
  PIN_COLOURS,
  type Pin,
  padRect,
  toPinPosition,
} from "../lib/pin-math";

/** On-screen diameter of a pin, in CSS pixels (a fingertip). */
export const PIN_PX = 28;

export type PinHandlers = {
  onPinTap: (pin: Pin) => void;
  onPinMove: (pin: Pin, position: { x: number; y: number }) => void;
};

type Shown = { el: HTMLButtonElement; tracker: OpenSeadragon.MouseTracker };

const pinLabel = (pin: Pin) => `${pin.title}: ${pin.status.replace("-", " ")}, ${pin.priority} priority`;

function pinElement(cluster: Cluster, selected: boolean): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.pin = cluster.key;
  const single = cluster.pins.length === 1 ? cluster.pins[0] : undefined;
  const status = single ? single.status : clusterStatus(cluster.pins);
  el.style.cssText = `width:${PIN_PX}px;height:${PIN_PX}px;border-radius:9999px;background:${PIN_COLOURS[status]};border:${
    selected ? "3px solid #1d4ed8" : "2px solid #fff"
  };box-shadow:0 1px 3px rgba(0,0,0,.5);color:#fff;font:600 12px/1 system-ui,sans-serif;cursor:${single ? "grab" : "zoom-in"};touch-action:none;will-change:transform;`;
  el.dataset.status = status;
  if (single) {
    el.setAttribute("aria-label", pinLabel(single));
    el.setAttribute("aria-pressed", String(selected));
  } else {
    el.textContent = String(cluster.pins.length);
    el.setAttribute("aria-label", `${cluster.pins.length} snags here. Zoom in to see them.`);
  }
  return el;
}

// Placed by a transform from the overlay's computed corner: no left/top (layout) writes.
const place = (position: OpenSeadragon.Point, _size: OpenSeadragon.Point, element: Element) => {
  if (element instanceof HTMLElement) element.style.transform = `translate(${position.x}px,${position.y}px)`;
};

export class PinLayer {
  private grid = new ClusterGrid([]);
  private selectedId: string | null = null;
  private readonly shown = new Map<string, Shown>();
  private frame = 0;

  constructor(
    private readonly viewer: OpenSeadragon.Viewer,
    private readonly size: { width: number; height: number },
    private readonly handlers: () => PinHandlers,
  ) {
    viewer.addHandler("viewport-change", this.schedule);
  }

  /** New clusters (pins, filter or zoom bucket changed) or selection: every overlay is redone. */
  setClusters(clusters: readonly Cluster[], selectedId: string | null) {
    this.grid = new ClusterGrid(clusters);
    this.selectedId = selectedId;
    for (const key of [...this.shown.keys()]) this.remove(key);
    this.sync();
  }

  destroy() {
    cancelAnimationFrame(this.frame);
    this.viewer.removeHandler("viewport-change", this.schedule);
    for (const key of [...this.shown.keys()]) this.remove(key);
  }

  // One update per frame at most, however many viewport events a gesture fires.
  private readonly schedule = () => {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.sync();
    });
  };

  private sync() {
    const aspect = this.size.height / this.size.width;
    const b = this.viewer.viewport.getBounds(true);
    const view = { left: b.x, top: b.y / aspect, right: b.x + b.width, bottom: (b.y + b.height) / aspect };
    const { add, remove } = diffClusters(new Set(this.shown.keys()), this.grid.within(padRect(view, 0.5)));
    for (const key of remove) this.remove(key);
    for (const cluster of add) this.add(cluster, aspect);
  }

  private remove(key: string) {
    const shown = this.shown.get(key);
    if (!shown) return;
    shown.tracker.destroy();
    this.viewer.removeOverlay(shown.el);
    this.shown.delete(key);
  }

  private add(cluster: Cluster, aspect: number) {
    const { viewer } = this;
    const single = cluster.pins.length === 1 ? (cluster.pins[0] as Pin) : undefined;
    const el = pinElement(cluster, single?.id === this.selectedId);
    const at = new OpenSeadragon.Point(cluster.x, cluster.y * aspect);
    const centre = OpenSeadragon.Placement.CENTER;
    viewer.addOverlay({ element: el, location: at, placement: centre, checkResize: false, onDraw: place });
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
        if (single) viewer.setMouseNavEnabled(false);
      },
      dragHandler: (event) => {
        if (!single) return;
        moved = true;
        dragged = dragged.plus(viewer.viewport.deltaPointsFromPixels(event.delta));
        viewer.updateOverlay(el, dragged, centre);
      },
      releaseHandler: () => {
        viewer.setMouseNavEnabled(true);
        if (!single || !moved) return;
        const position = toPinPosition(viewer.viewport.viewportToImageCoordinates(dragged), this.size);
        if (position) this.handlers().onPinMove(single, position);
        else viewer.updateOverlay(el, at, centre);
      },
    });
    this.shown.set(cluster.key, { el, tracker });
  }
}
