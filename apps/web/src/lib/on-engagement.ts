// Work that should wait for the person to engage with the page: their first tap, key or scroll
// wheel. The install card waits for it (web.dev, "Patterns for promoting PWA installation": not on
// page load), so a card the browser offers while the first screen is still painting neither takes
// the screen from the content being loaded nor counts as its largest paint.
const ENGAGEMENT_EVENTS = ["pointerdown", "keydown", "wheel"] as const;

let engaged = false;

/** Runs `work` at the first engagement (at once if there was one); returns a function that cancels it. */
export function onEngagement(work: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  if (engaged) {
    work();
    return () => {};
  }
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, handle, options);
  };
  function handle() {
    engaged = true;
    stop();
    work();
  }
  for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, handle, options);
  return stop;
}
