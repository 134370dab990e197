import { clsx } from "clsx";
import { ArrowUpRight, Circle, Pencil, RectangleHorizontal, Trash2, Undo2 } from "lucide-react";
import type { ComponentType } from "react";
import type { Message } from "../../../../i18n/i18n";
import { msg, useT } from "../../../../i18n/use-t";
import { BRUSH_MAX, BRUSH_MIN, TOOLS, type Tool } from "./annotation-geometry";

const TOOL_META: Record<Tool, { label: Message; Icon: ComponentType<{ className?: string }> }> = {
  pen: { label: msg("snagging.annotate.pen"), Icon: Pencil },
  circle: { label: msg("snagging.annotate.circle"), Icon: Circle },
  rectangle: { label: msg("snagging.annotate.rectangle"), Icon: RectangleHorizontal },
  arrow: { label: msg("snagging.annotate.arrow"), Icon: ArrowUpRight },
};

type Props = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  size: number;
  onSize: (size: number) => void;
  colour: string;
  onColour: (colour: string) => void;
  canUndo: boolean;
  onUndo: () => void;
  onClear: () => void;
};

const ICON_BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-40";

/** Tools as real buttons (Tab and Enter reach each), the pressed one announced with aria-pressed. */
export function AnnotationToolbar({ tool, onTool, size, onSize, colour, onColour, canUndo, onUndo, onClear }: Props) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="flex gap-1">
        <legend className="sr-only">{t("snagging.annotate.tool")}</legend>
        {TOOLS.map((option) => {
          const label = t(TOOL_META[option].label);
          const { Icon } = TOOL_META[option];
          return (
            <button
              key={option}
              type="button"
              aria-pressed={tool === option}
              aria-label={label}
              title={label}
              onClick={() => onTool(option)}
              className={clsx(
                ICON_BUTTON,
                tool === option
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800",
              )}
            >
              <Icon aria-hidden className="size-5" />
            </button>
          );
        })}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <span>{t("snagging.annotate.brushSize")}</span>
        <input
          type="range"
          min={BRUSH_MIN}
          max={BRUSH_MAX}
          step={1}
          value={size}
          onChange={(e) => onSize(Number(e.target.value))}
          aria-valuetext={`${size} px`}
          className="w-24 accent-brand-700"
        />
        <span aria-hidden className="w-10 tabular-nums">
          {size} px
        </span>
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <span>{t("snagging.annotate.colour")}</span>
        <input
          type="color"
          value={colour}
          onChange={(e) => onColour(e.target.value)}
          className="h-11 w-11 cursor-pointer rounded border border-slate-300 bg-white p-1"
        />
      </label>
      <button
        type="button"
        onClick={onUndo}
        disabled={!canUndo}
        className={clsx(ICON_BUTTON, "border-slate-300 bg-white")}
      >
        <Undo2 aria-hidden className="size-5" />
        {t("snagging.annotate.undo")}
      </button>
      <button
        type="button"
        onClick={onClear}
        disabled={!canUndo}
        className={clsx(ICON_BUTTON, "border-slate-300 bg-white")}
      >
        <Trash2 aria-hidden className="size-5" />
        {t("snagging.annotate.clearAll")}
      </button>
    </div>
  );
}
