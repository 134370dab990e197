// Annotation constants of SPEC §9 and the geometry of the shapes, free of the DOM for tests.

export const ANNOTATION_MAX_WIDTH = 800;
export const ARROW_HEAD_LENGTH = 15;
export const BRUSH_MIN = 1;
export const BRUSH_MAX = 10;
export const BRUSH_DEFAULT = 3;
export const COLOUR_DEFAULT = "#ff0000";
export const ANNOTATION_JPEG_QUALITY = 0.9;

export const TOOLS = ["pen", "circle", "rectangle", "arrow"] as const;
export type Tool = (typeof TOOLS)[number];

export type Point = { x: number; y: number };
/** A pen stroke keeps every point; the other tools keep where the drag started and ended. */
export type Shape = { tool: Tool; colour: string; size: number; points: Point[] };

/** The canvas size for an image: at most 800 px wide, never enlarged (SPEC §9). */
export function annotationCanvasSize(width: number, height: number): { width: number; height: number } {
  if (width <= ANNOTATION_MAX_WIDTH) return { width, height };
  const scale = ANNOTATION_MAX_WIDTH / width;
  return { width: ANNOTATION_MAX_WIDTH, height: Math.max(1, Math.round(height * scale)) };
}

export const clampBrush = (size: number): number =>
  Number.isFinite(size) ? Math.min(BRUSH_MAX, Math.max(BRUSH_MIN, Math.round(size))) : BRUSH_DEFAULT;

/** The two outer corners of an arrow head at `to`, each `length` from the tip, 30° either side of the shaft. */
export function arrowHeadPoints(from: Point, to: Point, length = ARROW_HEAD_LENGTH): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 6;
  const corner = (a: number): Point => ({ x: to.x - length * Math.cos(a), y: to.y - length * Math.sin(a) });
  return [corner(angle - spread), corner(angle + spread)];
}

export const distance = (a: Point, b: Point): number => Math.hypot(b.x - a.x, b.y - a.y);

/** Draws one shape with round joins, so pen strokes look like ink rather than polylines. */
export function drawShape(context: CanvasRenderingContext2D, shape: Shape): void {
  const [start, ...rest] = shape.points;
  const end = rest[rest.length - 1] ?? start;
  if (!start || !end) return;
  context.save();
  context.strokeStyle = shape.colour;
  context.fillStyle = shape.colour;
  context.lineWidth = shape.size;
  context.lineCap = "round";
  context.lineJoin = "round";
  context.beginPath();
  switch (shape.tool) {
    case "pen":
      context.moveTo(start.x, start.y);
      // A tap with no movement still leaves a dot.
      if (rest.length === 0) context.lineTo(start.x + 0.01, start.y);
      for (const p of rest) context.lineTo(p.x, p.y);
      context.stroke();
      break;
    case "circle":
      context.arc(start.x, start.y, distance(start, end), 0, Math.PI * 2);
      context.stroke();
      break;
    case "rectangle":
      context.strokeRect(start.x, start.y, end.x - start.x, end.y - start.y);
      break;
    case "arrow": {
      context.moveTo(start.x, start.y);
      context.lineTo(end.x, end.y);
      context.stroke();
      if (distance(start, end) > 0) {
        const [left, right] = arrowHeadPoints(start, end);
        context.beginPath();
        context.moveTo(end.x, end.y);
        context.lineTo(left.x, left.y);
        context.lineTo(right.x, right.y);
        context.closePath();
        context.fill();
      }
      break;
    }
  }
  context.restore();
}
