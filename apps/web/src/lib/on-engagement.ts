// Work that should wait for the person to engage with the page: their first tap, key or scroll
// wheel. The install card waits for it (web.dev, "Patterns for promoting PWA installation": not on
// page load), so a card the browser offers while the first screen is still painting neither takes
// the screen from the content being loaded nor counts as its largest paint.
let engaged = false;

/** Runs `work` at the first engagement (at once if there was one); returns a function that cancels it. */
export function onEngagement(work: () => void): () => void {
  if (engaged) {
    work();
    return () => {};
  }
  const waiting = new AbortController();
  const handle = () => {
    engaged = true;
    waiting.abort();
    work();
  };
  for (const type of ["pointerdown", "keydown", "wheel"])
    window.addEventListener(type, handle, { capture: true, passive: true, signal: waiting.signal });
  return () => waiting.abort();
}
