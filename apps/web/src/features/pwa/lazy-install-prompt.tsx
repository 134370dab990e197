// The install card is loaded only once the browser offers installation: most visits never see it.
import { Suspense } from "react";
import { lazyOrNothing } from "../../lib/lazy-or-nothing";
import { useUiStore } from "../../stores/ui-store";

const InstallPrompt = lazyOrNothing(() => import("./install-prompt").then((m) => ({ default: m.InstallPrompt })));

export function LazyInstallPrompt() {
  const offered = useUiStore((s) => s.showInstallPrompt && s.installPromptEvent !== null);
  return offered ? (
    <Suspense fallback={null}>
      <InstallPrompt />
    </Suspense>
  ) : null;
}
