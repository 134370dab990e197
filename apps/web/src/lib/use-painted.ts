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
    let timer: number | undefined;
    // The frame that shows `ready` is drawn before the callback's task runs.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
