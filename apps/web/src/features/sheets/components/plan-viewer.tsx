// The deep-zoom plan: OpenSeadragon draws the sheet's Deep Zoom tiles (pinch, wheel, drag, and
// its keyboard keys when focused); the pins are one layer over it that follows the sheet
// (components/pin-layer.ts, decision 0039). This component is thin: the maths (positions,
// clusters, colours) is in lib/pin-math.ts. Pins are <button>s, so they are
// reached with Tab and announced by screen readers; a pin is dragged to move it. Only the pins
// near the view are buttons (decision 0033): `centreOn` brings any pin into view (the page's
// "Next pin" / "Previous pin"), zoomed in until it stands alone, so the keyboard reaches every pin.
import OpenSeadragon from "openseadragon";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../../../i18n/use-t";
import type { HeatMode } from "../lib/heatmap";
import { clusterCell, clusterPins, type Pin, soloZoom, tileAddress, toPinPosition } from "../lib/pin-math";
import type { HeatmapLayer } from "./heatmap-layer";
import { PIN_PX, PinLayer } from "./pin-layer";

export type PlanImage = { width: number; height: number; tileUrl: string; tileSize: number; maxLevel: number };

type Props = {
  image: PlanImage;
  pins: Pin[];
  label: string;
  selectedId: string | null;
  /**
   * Issue 39: the pins picked for a bulk change while picking (a tap on a pin then toggles it, and
   * its pressed state and tick show the pick); null when not picking.
   */
  picked?: ReadonlySet<string> | null;
  onPlanTap: (position: { x: number; y: number }) => void;
  onPinTap: (pin: Pin) => void;
  onPinMove: (pin: Pin, position: { x: number; y: number }) => void;
  /** A pin to bring into view (a new object each time, even for the same pin). */
  centreOn?: { id: string } | null;
  /** Called with the viewer once it has opened its first tiles (the benchmark times it). */
  onOpen?: () => void;
  /** Issue 37: the pins' density drawn under them, coloured by status or by age; null: none. */
  heatmap?: HeatMode | null;
  /** Controls shown over the plan's top-left corner (the heatmap's toggle). */
  tools?: ReactNode;
};

export function PlanViewer({
  image,
  pins,
  label,
  selectedId,
  picked = null,
  centreOn,
  onPlanTap,
  onPinTap,
  onPinMove,
  onOpen,
  heatmap = null,
  tools,
}: Props) {
  const host = useRef<HTMLElement>(null);
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null);
  const layerRef = useRef<PinLayer | null>(null);
  // Latest callbacks and pins, read by handlers bound once per viewer.
  const latest = useRef({ onPlanTap, onPinTap, onPinMove, pins, onOpen });
  latest.current = { onPlanTap, onPinTap, onPinMove, pins, onOpen };
  // The clustering cell, bucketed to powers of two so pins regroup only at real zoom changes.
  const [cell, setCell] = useState(0);
  // Busy until the sheet's tile source has opened: a tap before that has no place on the sheet.
  const t = useT();
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
      // The 2D canvas drawer, as OpenSeadragon already picks on iOS: its WebGL drawer composes each
      // frame in WebGL and copies it to a 2D canvas, which on a phone without a usable GPU path
      // (and in headless Chromium) cost 0.3 s a frame (decision 0033).
      drawer: "canvas",
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
    layerRef.current = new PinLayer(viewer, { width, height }, () => latest.current);
    const measure = () =>
      setCell(clusterCell(PIN_PX, viewer.viewport.getContainerSize().x * viewer.viewport.getZoom(true)));
    setOpen(false);
    viewer.addHandler("open", () => {
      setOpen(true);
      measure();
      latest.current.onOpen?.();
    });
    viewer.addHandler("zoom", measure);
    // "zoom" fires as an animated zoom starts, when the current zoom is still the old one: the
    // clusters are measured again once it has settled (else they stayed a zoom step behind).
    viewer.addHandler("animation-finish", measure);
    viewer.addHandler("resize", measure);
    viewer.addHandler("canvas-click", (event) => {
      const target = event.originalEvent?.target as Element | null;
      if (!event.quick || target?.closest("[data-pin]")) return;
      const point = viewer.viewport.viewportToImageCoordinates(viewer.viewport.pointFromPixel(event.position));
      const position = toPinPosition(point, { width, height });
      if (position) latest.current.onPlanTap(position);
    });
    return () => {
      layerRef.current?.destroy();
      layerRef.current = null;
      viewer.destroy();
      viewerRef.current = null;
    };
  }, [width, height, tileUrl, tileSize, maxLevel, label]);

  // The clusters: regrouped when the pins or the zoom bucket change; the layer shows those in view.
  const clusters = useMemo(() => clusterPins(pins, cell, aspect), [pins, cell, aspect]);
  const selected = useMemo(() => picked ?? new Set(selectedId ? [selectedId] : []), [picked, selectedId]);
  useEffect(() => {
    // Overlays are placed once the sheet has opened (its size gives their coordinates).
    if (isOpen) layerRef.current?.setClusters(clusters, selected, picked !== null);
  }, [clusters, selected, picked, isOpen]);

  // The heatmap's layer and its code are fetched the first time it is turned on (issue 37); the
  // layer lives while it is on, and is drawn again when the pins (filters) or its colouring change.
  const [heatLayer, setHeatLayer] = useState<HeatmapLayer | null>(null);
  const heatOn = heatmap !== null;
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!heatOn || !viewer || !isOpen) return;
    let layer: HeatmapLayer | null = null;
    let gone = false;
    void import("./heatmap-layer").then(({ HeatmapLayer }) => {
      if (gone) return;
      layer = new HeatmapLayer(viewer, aspect);
      setHeatLayer(layer);
    });
    return () => {
      gone = true;
      layer?.destroy();
      setHeatLayer(null);
    };
  }, [heatOn, isOpen, aspect]);
  useEffect(() => {
    if (heatLayer && heatmap) heatLayer.draw(pins, heatmap, Math.floor(Date.now() / 1000));
  }, [heatLayer, heatmap, pins]);

  // Centred on the pin, zoomed in (never out) until no other pin shares its cluster.
  useEffect(() => {
    const viewer = viewerRef.current;
    const pin = centreOn && latest.current.pins.find((p) => p.id === centreOn.id);
    if (!viewer || !isOpen || !pin) return;
    const at = new OpenSeadragon.Point(pin.x, pin.y * aspect);
    const { viewport } = viewer;
    const zoomNow = viewport.getZoom(true);
    const target = soloZoom(latest.current.pins, pin, aspect, {
      from: zoomNow,
      max: viewport.getMaxZoom(),
      cellAt: (z) => clusterCell(PIN_PX, viewport.getContainerSize().x * z),
    });
    // One animation to the view of that zoom centred on the pin (zoomTo around a point off screen
    // and a pan at once pull against each other).
    const size = viewport.getContainerSize();
    const width = 1 / Math.max(target, zoomNow);
    const height = (width * size.y) / size.x;
    // On a phone the pin's card covers the bottom of the screen: the pin goes in the upper third.
    const down = window.matchMedia?.("(max-width: 639px)").matches ? 0.3 : 0.5;
    viewport.fitBounds(new OpenSeadragon.Rect(at.x - width / 2, at.y - height * down, width, height));
    // On a phone the plan may be below the fold: the pin is brought onto the screen too.
    host.current?.scrollIntoView({ block: "nearest" });
  }, [centreOn, isOpen, aspect]);

  const zoom = (factor: number) => viewerRef.current?.viewport.zoomBy(factor).applyConstraints();

  return (
    <div className="relative">
      <section
        ref={host}
        aria-label={label}
        aria-busy={!isOpen}
        className="h-[62vh] min-h-80 w-full overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200"
      />
      {tools && <div className="absolute top-2 start-2">{tools}</div>}
      <div className="absolute top-2 right-2 flex flex-col gap-1">
        {[
          { text: "+", name: t("plans.zoomIn"), run: () => zoom(1.6) },
          { text: "−", name: t("plans.zoomOut"), run: () => zoom(1 / 1.6) },
          { text: "⤢", name: t("plans.fit"), run: () => viewerRef.current?.viewport.goHome() },
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
