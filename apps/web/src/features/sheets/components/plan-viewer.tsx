// The deep-zoom plan: OpenSeadragon draws the sheet's Deep Zoom tiles (pinch, wheel, drag, and
// its keyboard keys when focused) and carries the pins as overlays. This component is thin: the
// maths (positions, clusters, colours) is in lib/pin-math.ts. Pins are <button>s, so they are
// reached with Tab and announced by screen readers; a pin is dragged to move it.
import OpenSeadragon from "openseadragon";
import { useEffect, useRef, useState } from "react";
import {
  type Cluster,
  clusterPins,
  clusterStatus,
  PIN_COLOURS,
  type Pin,
  tileAddress,
  toPinPosition,
} from "../lib/pin-math";

export type PlanImage = { width: number; height: number; tileUrl: string; tileSize: number; maxLevel: number };

type Props = {
  image: PlanImage;
  pins: Pin[];
  label: string;
  selectedId: string | null;
  onPlanTap: (position: { x: number; y: number }) => void;
  onPinTap: (pin: Pin) => void;
  onPinMove: (pin: Pin, position: { x: number; y: number }) => void;
  /** Called with the viewer once it has opened its first tiles (the benchmark times it). */
  onOpen?: () => void;
};

/** On-screen diameter of a pin, in CSS pixels (a fingertip). */
const PIN_PX = 28;

function pinLabel(pin: Pin): string {
  return `${pin.title}: ${pin.status.replace("-", " ")}, ${pin.priority} priority`;
}

function pinElement(cluster: Cluster, selected: boolean): HTMLButtonElement {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.pin = cluster.key;
  const single = cluster.pins.length === 1 ? cluster.pins[0] : undefined;
  const status = single ? single.status : clusterStatus(cluster.pins);
  el.style.cssText = `width:${PIN_PX}px;height:${PIN_PX}px;border-radius:9999px;background:${PIN_COLOURS[status]};border:${
    selected ? "3px solid #1d4ed8" : "2px solid #fff"
  };box-shadow:0 1px 3px rgba(0,0,0,.5);color:#fff;font:600 12px/1 system-ui,sans-serif;cursor:${single ? "grab" : "zoom-in"};touch-action:none;`;
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

export function PlanViewer({ image, pins, label, selectedId, onPlanTap, onPinTap, onPinMove, onOpen }: Props) {
  const host = useRef<HTMLElement>(null);
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null);
  // Latest callbacks and pins, read by handlers bound once per viewer.
  const latest = useRef({ onPlanTap, onPinTap, onPinMove, pins, onOpen });
  latest.current = { onPlanTap, onPinTap, onPinMove, pins, onOpen };
  // The clustering cell, bucketed to powers of two so pins regroup only at real zoom changes.
  const [cell, setCell] = useState(0);
  // Busy until the sheet's tile source has opened: a tap before that has no place on the sheet.
  const [isOpen, setOpen] = useState(false);
  const aspect = image.height / image.width;

  const { width, height, tileUrl, tileSize, maxLevel } = image;
  // One viewer per tile source: a new object with the same values (each render) keeps it.
  useEffect(() => {
    if (!host.current) return;
    const viewer = OpenSeadragon({
      element: host.current,
      tileSources: {
        width,
        height,
        tileSize,
        tileOverlap: 0,
        minLevel: 0,
        maxLevel,
        getTileUrl: (level: number, x: number, y: number) => tileAddress(tileUrl, level, x, y),
      } as unknown as OpenSeadragon.TileSourceOptions,
      showNavigationControl: false,
      // A tap on site is often slower and less still than a mouse click (gloves, a busy phone).
      clickTimeThreshold: 800,
      clickDistThreshold: 10,
      visibilityRatio: 0.5,
      maxZoomPixelRatio: 3,
      minZoomImageRatio: 0.8,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      gestureSettingsTouch: { clickToZoom: false, dblClickToZoom: true, pinchToZoom: true },
      immediateRender: true,
      blendTime: 0,
      animationTime: 0.6,
    });
    viewerRef.current = viewer;
    viewer.canvas.setAttribute("aria-label", label);
    const measure = () => {
      const shown = viewer.viewport.getContainerSize().x * viewer.viewport.getZoom(true);
      const raw = shown > 0 ? (PIN_PX * 1.2) / shown : 0;
      setCell(raw > 0 ? 2 ** Math.ceil(Math.log2(raw)) : 0);
    };
    setOpen(false);
    viewer.addHandler("open", () => {
      setOpen(true);
      measure();
      latest.current.onOpen?.();
    });
    viewer.addHandler("zoom", measure);
    viewer.addHandler("resize", measure);
    viewer.addHandler("canvas-click", (event) => {
      const target = event.originalEvent?.target as Element | null;
      if (!event.quick || target?.closest("[data-pin]")) return;
      const point = viewer.viewport.viewportToImageCoordinates(viewer.viewport.pointFromPixel(event.position));
      const position = toPinPosition(point, { width, height });
      if (position) latest.current.onPlanTap(position);
    });
    return () => {
      viewer.destroy();
      viewerRef.current = null;
    };
  }, [width, height, tileUrl, tileSize, maxLevel, label]);

  // The overlays: rebuilt when the pins, the selection or the clustering cell change.
  useEffect(() => {
    const viewer = viewerRef.current;
    // Overlays are placed once the sheet has opened (its size gives their coordinates).
    if (!viewer || !isOpen) return;
    const trackers: OpenSeadragon.MouseTracker[] = [];
    const size = { width, height };
    viewer.clearOverlays();
    const clusters = clusterPins(pins, cell, aspect);
    for (const cluster of clusters) {
      const single = cluster.pins.length === 1 ? (cluster.pins[0] as Pin) : undefined;
      const el = pinElement(cluster, single?.id === selectedId);
      const at = new OpenSeadragon.Point(cluster.x, cluster.y * aspect);
      viewer.addOverlay({ element: el, location: at, placement: OpenSeadragon.Placement.CENTER });
      let dragged = at;
      let moved = false;
      el.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        if (single) latest.current.onPinTap(single);
        else viewer.viewport.zoomBy(2, at);
      });
      trackers.push(
        new OpenSeadragon.MouseTracker({
          element: el,
          clickHandler: (event) => {
            if (!event.quick) return;
            if (single) latest.current.onPinTap(single);
            else viewer.viewport.zoomBy(2, at);
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
            viewer.updateOverlay(el, dragged, OpenSeadragon.Placement.CENTER);
          },
          releaseHandler: () => {
            viewer.setMouseNavEnabled(true);
            if (!single || !moved) return;
            const point = viewer.viewport.viewportToImageCoordinates(dragged);
            const position = toPinPosition(point, size);
            if (position) latest.current.onPinMove(single, position);
            else viewer.updateOverlay(el, at, OpenSeadragon.Placement.CENTER);
          },
        }),
      );
    }
    return () => {
      for (const tracker of trackers) tracker.destroy();
    };
  }, [pins, cell, aspect, selectedId, width, height, isOpen]);

  const zoom = (factor: number) => viewerRef.current?.viewport.zoomBy(factor).applyConstraints();

  return (
    <div className="relative">
      <section
        ref={host}
        aria-label={label}
        aria-busy={!isOpen}
        className="h-[62vh] min-h-80 w-full overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
      />
      <div className="absolute top-2 right-2 flex flex-col gap-1">
        {[
          { text: "+", name: "Zoom in", run: () => zoom(1.6) },
          { text: "−", name: "Zoom out", run: () => zoom(1 / 1.6) },
          { text: "⤢", name: "Fit the whole sheet", run: () => viewerRef.current?.viewport.goHome() },
        ].map((b) => (
          <button
            key={b.name}
            type="button"
            aria-label={b.name}
            title={b.name}
            onClick={b.run}
            className="size-10 rounded-lg bg-white text-lg font-semibold text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            {b.text}
          </button>
        ))}
      </div>
    </div>
  );
}
