import { Eraser } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import SignaturePad from "signature_pad";
import { Button } from "../../../components/button";
import { useLocale, useT } from "../../../i18n/use-t";
import { formatDateTimeFor } from "../date-time";

type Props = {
  label: string;
  value: string;
  signedAt: number | null;
  onChange: (dataUrl: string) => void;
};

/**
 * A signature box on signature_pad: pointer events, so a finger, a pen and a mouse all sign. The
 * drawing is kept as a PNG data URL; the canvas is re-drawn from it after a resize or a reload.
 */
export function SignatureField({ label, value, signedAt, onChange }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const hintId = useId();
  const t = useT();
  const locale = useLocale();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { backgroundColor: "rgb(255,255,255)", penColor: "#0f172a" });
    pad.current = signature;
    const fit = () => {
      // Size the bitmap to the box at the screen's pixel ratio, then redraw what was signed.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = element.offsetWidth;
      const height = element.offsetHeight;
      if (!width || !height) return;
      element.width = width * ratio;
      element.height = height * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      signature.clear();
      const saved = latest.current.value;
      if (saved) void signature.fromDataURL(saved, { ratio: 1, width, height });
    };
    fit();
    const onEnd = () => latest.current.onChange(signature.toDataURL("image/png"));
    signature.addEventListener("endStroke", onEnd);
    const observer = new ResizeObserver(() => fit());
    observer.observe(element);
    return () => {
      observer.disconnect();
      signature.removeEventListener("endStroke", onEnd);
      signature.off();
      pad.current = null;
    };
  }, []);

  // An emptied value (Clear, or another device's import) empties the canvas too.
  useEffect(() => {
    if (!value && pad.current && !pad.current.isEmpty()) pad.current.clear();
  }, [value]);

  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <Button
          variant="ghost"
          onClick={() => {
            pad.current?.clear();
            onChange("");
          }}
          disabled={!value}
          aria-label={t("audits.signatures.clearLabel", { label: label.toLocaleLowerCase(locale) })}
        >
          <Eraser aria-hidden className="size-4" />
          {t("audits.signatures.clear")}
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-label={value ? t("audits.signatures.padSigned", { label }) : t("audits.signatures.padEmpty", { label })}
        aria-describedby={hintId}
        className="h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {value && signedAt
          ? t("audits.signatures.signedAt", { time: formatDateTimeFor(locale, signedAt) })
          : t("audits.signatures.howTo")}
      </p>
    </div>
  );
}
