// A dialog whose code (often react-hook-form, zod and a shared schema) loads when it is first
// opened, not with the screen that offers it: no screen needs a closed dialog to paint (issue 7,
// first-load budgets). The service worker precaches every chunk, so this works offline once
// installed; and each dialog starts its download once the screen offering it has painted (an
// effect), so it opens even if the network drops afterwards (or the service worker is not in
// charge yet). `preload` starts it by hand, e.g. for a dialog rendered only while open.
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";

export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => void } {
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () => {
    loading ??= load();
    loading.catch(() => {
      loading = null; // a failed download (offline before install) is retried on the next open
    });
    return loading;
  };
  const Dialog = lazy(() => get().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    // Once opened, it stays mounted, so its closing transition and state behave as before.
    const [wanted, setWanted] = useState(() => isOpen(props));
    // In a task of its own, not in React's passive-effect flush at start-up (issue 7).
    useEffect(() => void window.setTimeout(() => void get().catch(() => undefined), 0), []);
    if (isOpen(props) && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return Object.assign(LazyDialog, { preload: () => void get().catch(() => undefined) });
}
