// Service worker registration (SPEC §4): /sw.js; an updated version asks before reloading; the
// first install only logs. Loaded after the page's load by use-pwa-lifecycle.ts.
import { Workbox } from "workbox-window";
import { translate } from "../../i18n/i18n";
import { msg } from "../../i18n/use-t";

let registered = false;

export function registerServiceWorker(): void {
  if (registered) return;
  registered = true;
  const wb = new Workbox("/sw.js");
  wb.addEventListener("installed", (event) => {
    if (!event.isUpdate) console.info("Content is cached for offline use.");
  });
  wb.addEventListener("waiting", () => {
    if (window.confirm(translate(msg("pwa.update")))) {
      wb.addEventListener("controlling", () => window.location.reload());
      wb.messageSkipWaiting();
    }
  });
  wb.register().catch((error: unknown) => console.error("Service worker registration failed", error));
}
