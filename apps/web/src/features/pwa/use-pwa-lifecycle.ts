// Service worker registration (SPEC §4, register-service-worker.ts) after the page's load, the
// browser's install offer, and the online flag kept in step with the browser.
import { useEffect } from "react";
import { afterLoad } from "../../lib/after-load";
import { onEngagement } from "../../lib/on-engagement";
import { type InstallPromptEvent, useUiStore } from "../../stores/ui-store";

export function usePwaLifecycle(): void {
  useEffect(() => {
    // After the page has loaded (Workbox's advice): the worker's precache downloads then compete
    // with nothing the first screen needs.
    // Its code (and Workbox's) is a chunk of its own: no first load carries it.
    if (import.meta.env.PROD && "serviceWorker" in navigator)
      afterLoad(
        () =>
          void import("./register-service-worker")
            .then((m) => m.registerServiceWorker())
            .catch((error: unknown) => console.error("Service worker registration failed", error)),
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
