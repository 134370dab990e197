// Work that no screen needs to paint (the toast library, the service worker's registration) waits
// for the page's `load` event and then for an idle moment, so a cold start on a slow phone spends
// its bandwidth and CPU on the screen first (issue 7). The timeout bounds the wait on a busy page.
const IDLE_TIMEOUT_MS = 3000;

export function afterLoad(work: () => void): void {
  if (typeof window === "undefined") return;
  const idle = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS })
      : window.setTimeout(work, 0);
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
