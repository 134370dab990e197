// The plan heatmap drawn over the sheet and under the pins (issue 37): one small canvas, one pixel
// per grid cell (lib/heatmap.ts), stretched by the browser's smoothing to the sheet's size on
// screen and moved with it as the pin layer is (placeOverSheet): a pan or zoom writes its size and
// transform only, never redraws it. Fetched only when the heatmap is first turned on.
import type OpenSeadragon from "openseadragon";
import { type HeatMode, heatGrid, heatPixels } from "../lib/heatmap";
import type { Pin } from "../lib/pin-math";
import { NOT_PLACED, placeOverSheet } from "./pin-layer";

export class HeatmapLayer {
  private readonly canvas = document.createElement("canvas");
  private placed = NOT_PLACED;

  constructor(
    private readonly viewer: OpenSeadragon.Viewer,
    private readonly aspect: number,
  ) {
    // Decorative for assistive technology: the legend beside the plan says the same in words.
    this.canvas.setAttribute("aria-hidden", "true");
    this.canvas.dataset.heatmap = "";
    this.canvas.style.cssText =
      "position:absolute;left:0;top:0;width:0;height:0;pointer-events:none;transform-origin:0 0;will-change:transform;";
    // Right after the drawing's own canvas: over the drawing, under the pin layer (later in the element).
    const drawing = viewer.canvas.querySelector("canvas");
    if (drawing) drawing.after(this.canvas);
    else viewer.canvas.prepend(this.canvas);
    viewer.addHandler("update-viewport", this.frame);
    this.frame();
  }

  draw(pins: readonly Pin[], mode: HeatMode, now: number) {
    const grid = heatGrid(pins, mode, now, { cols: 96, aspect: this.aspect, radius: 9 });
    this.canvas.width = grid.cols;
    this.canvas.height = grid.rows;
    this.canvas.dataset.mode = mode;
    const context = this.canvas.getContext("2d");
    if (!context) return;
    context.putImageData(new ImageData(heatPixels(grid, mode), grid.cols, grid.rows), 0, 0);
  }

  destroy() {
    this.viewer.removeHandler("update-viewport", this.frame);
    this.canvas.remove();
  }

  private readonly frame = () => {
    this.placed = placeOverSheet(this.viewer, this.aspect, this.canvas.style, this.placed);
  };
}
