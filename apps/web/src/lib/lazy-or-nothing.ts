// A lazily loaded extra (a note, an optional panel) that renders nothing when its chunk cannot be
// fetched, rather than throwing: offline in a tab the service worker does not control yet (its
// first visit, or tests with service workers blocked), a failed `import()` would otherwise reach
// the nearest error boundary, or unmount the whole app when there is none. The service worker
// precaches every chunk, so once installed the extra loads offline as well; a reload retries.
import { type ComponentType, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React's own lazy()
export function lazyOrNothing<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const nothing = (() => null) as unknown as T;
  return lazy(() => load().catch(() => ({ default: nothing })));
}
