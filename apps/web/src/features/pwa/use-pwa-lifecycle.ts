// Service worker registration (SPEC §4): /sw.js; an updated version asks before reloading; the
// first install only logs. Also keeps the online flag in step with the browser.
import { useEffect } from "react";
import { translate } from "../../i18n/i18n";
import { msg } from "../../i18n/use-t";
import { afterLoad } from "../../lib/after-load";
import { onEngagement } from "../../lib/on-engagement";
import { type InstallPromptEvent, useUiStore } from "../../stores/ui-store";

let registered = false;

async function registerServiceWorker(): Promise<void> {
  if (registered || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registered = true;
  // Loaded once the page has loaded: nothing on the first screen needs it.
  const { Workbox } = await import("workbox-window");
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

export function usePwaLifecycle(): void {
  useEffect(() => {
    // After the page has loaded (Workbox's advice): the worker's precache downloads then compete
    // with nothing the first screen needs.
    afterLoad(
      () =>
        void registerServiceWorker().catch((error: unknown) =>
          console.error("Service worker registration failed", error),
        ),
    );
    const { setOnline, setInstallPromptEvent, setShowInstallPrompt } = useUiStore.getState();
    setOnline(navigator.onLine);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    // The browser's offer is kept at once; the card shows at the person's first tap, key or wheel.
    let cancelCard = () => {};
    const beforeInstall = (event: Event) => {
      event.preventDefault();
      setInstallPromptEvent(event as InstallPromptEvent);
      cancelCard();
      cancelCard = onEngagement(() => setShowInstallPrompt(true));
    };
    const installed = () => {
      cancelCard();
      setInstallPromptEvent(null);
      setShowInstallPrompt(false);
    };
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener("beforeinstallprompt", beforeInstall);
    window.addEventListener("appinstalled", installed);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("beforeinstallprompt", beforeInstall);
      window.removeEventListener("appinstalled", installed);
      cancelCard();
    };
  }, []);
}
