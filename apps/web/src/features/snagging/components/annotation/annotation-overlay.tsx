// The annotation overlay of SPEC §9: a modal canvas over the photo, at most 800 px wide. Shapes are
// kept as data and redrawn over the untouched photo, so undo is exact and a saved annotation can be
// reopened and edited from the original.
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../../../../components/button";
import { useT } from "../../../../i18n/use-t";
import {
  ANNOTATION_JPEG_QUALITY,
  annotationCanvasSize,
  BRUSH_DEFAULT,
  COLOUR_DEFAULT,
  clampBrush,
  drawShape,
  type Point,
  type Shape,
  type Tool,
} from "./annotation-geometry";
import { AnnotationToolbar } from "./annotation-toolbar";

type Props = {
  /** The un-annotated photo. */
  image: Blob;
  initialShapes: Shape[];
  onSave: (annotated: Blob, shapes: Shape[]) => void;
  onClose: () => void;
};

export function AnnotationOverlay({ image, initialShapes, onSave, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const titleId = useId();
  const t = useT();
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [failed, setFailed] = useState(false);
  const [shapes, setShapes] = useState<Shape[]>(initialShapes);
  const [tool, setTool] = useState<Tool>("pen");
  const [size, setSize] = useState(BRUSH_DEFAULT);
  const [colour, setColour] = useState(COLOUR_DEFAULT);
  const [isSaving, setSaving] = useState(false);
  const drawing = useRef<{ pointerId: number; shape: Shape } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    let cancelled = false;
    let decoded: ImageBitmap | null = null;
    createImageBitmap(image).then(
      (b) => {
        decoded = b;
        if (cancelled) b.close();
        else setBitmap(b);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      decoded?.close();
    };
  }, [image]);

  const size2d = bitmap ? annotationCanvasSize(bitmap.width, bitmap.height) : null;

  // Redraw the photo and every shape; cheap at 800 px and keeps undo exact.
  const render = (extra?: Shape) => {
    const context = canvas.current?.getContext("2d");
    if (!context || !bitmap || !size2d) return;
    context.drawImage(bitmap, 0, 0, size2d.width, size2d.height);
    for (const shape of shapes) drawShape(context, shape);
    if (extra) drawShape(context, extra);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: render reads the same state listed here
  useEffect(() => render(), [bitmap, shapes]);

  const toCanvasPoint = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const target = event.currentTarget;
    const rect = target.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * target.width) / rect.width,
      y: ((event.clientY - rect.top) * target.height) / rect.height,
    };
  };

  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current || !bitmap) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = toCanvasPoint(event);
    drawing.current = { pointerId: event.pointerId, shape: { tool, colour, size, points: [point, point] } };
    render(drawing.current.shape);
  };
  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const point = toCanvasPoint(event);
    const points =
      current.shape.tool === "pen" ? [...current.shape.points, point] : [current.shape.points[0] ?? point, point];
    current.shape = { ...current.shape, points };
    render(current.shape);
  };
  const finish = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drawing.current = null;
    setShapes((list) => [...list, current.shape]);
  };

  const save = () => {
    const target = canvas.current;
    if (!target) return;
    setSaving(true);
    render();
    target.toBlob(
      (blob) => {
        setSaving(false);
        if (blob) onSave(blob, shapes);
      },
      "image/jpeg",
      ANNOTATION_JPEG_QUALITY,
    );
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-900 p-0 text-white backdrop:bg-slate-900"
    >
      <div className="mx-auto flex h-full max-w-[840px] flex-col gap-3 p-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {t("snagging.annotate.title")}
        </h2>
        <div className="rounded-lg bg-white p-2 text-slate-900">
          <AnnotationToolbar
            tool={tool}
            onTool={setTool}
            size={size}
            onSize={(s) => setSize(clampBrush(s))}
            colour={colour}
            onColour={setColour}
            canUndo={shapes.length > 0}
            onUndo={() => setShapes((list) => list.slice(0, -1))}
            onClear={() => setShapes([])}
          />
        </div>
        <div className="flex min-h-0 flex-1 items-start justify-center overflow-auto">
          {failed ? (
            <p role="alert">{t("snagging.annotate.failed")}</p>
          ) : size2d ? (
            <canvas
              ref={canvas}
              width={size2d.width}
              height={size2d.height}
              role="img"
              aria-label={t("snagging.annotate.canvas", { count: shapes.length })}
              // No scrolling, panning or pinch-zoom while a finger draws.
              style={{ touchAction: "none" }}
              className="h-auto max-h-full max-w-full cursor-crosshair select-none bg-white"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={finish}
              onPointerCancel={finish}
            />
          ) : (
            <p role="status">{t("snagging.annotate.opening")}</p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button onClick={save} disabled={!size2d} isLoading={isSaving}>
            {t("snagging.annotate.save")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
