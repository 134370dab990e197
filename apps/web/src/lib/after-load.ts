// Work that no screen needs to paint (the toast library, the service worker's registration) waits
// for the page's `load` event, and by default then for an idle moment, so a cold start on a slow
// phone spends its bandwidth and CPU on the screen first (issue 7). The timeout bounds the wait on
// a busy page. `idle: false` runs at `load` itself: for work that must be done before the signal
// can drop (the toast library, which offline could not be fetched any more).
//
// Either way the work runs in a task of its own. Called from an effect after `load` has fired
// (the usual case: the app's scripts load at low priority, after the document), running it there
// made it part of React's passive-effect flush, the longest task of a signed-in start (issue 7).
const IDLE_TIMEOUT_MS = 3000;

export function afterLoad(work: () => void, { idle = true }: { idle?: boolean } = {}): void {
  if (typeof window === "undefined") return;
  const run = () => {
    if (!idle) window.setTimeout(work, 0);
    else if (typeof window.requestIdleCallback === "function")
      window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(work, 0);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}
