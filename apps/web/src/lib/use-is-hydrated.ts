import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the build's pre-render (and the hydration that must match it), true once React runs
 * in the browser. A pre-rendered form keeps its submit button disabled until then: submitted
 * natively, it would send the fields to the page's URL instead of to the API.
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
