import { useEffect, useState } from "react";

/**
 * False until the screen has painted once with `ready` true, then true for good. For the parts of a
 * screen the person did not come for (a list's filters, its selection bar): their chunks and reads
 * start after what they came for is on the screen, instead of sharing a slow connection and a
 * phone's CPU with it (issue 33: the list's first paint waited behind them).
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let idle: number | undefined;
    let timer: number | undefined;
    // The frame that shows `ready` is drawn before the callback runs, and then the phone is left
    // to put it on the screen (raster, images) before anything else starts: at an idle moment,
    // or after half a second at the latest.
    const frame = window.requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === "function")
        idle = window.requestIdleCallback(() => setPainted(true), { timeout: 500 });
      else timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
