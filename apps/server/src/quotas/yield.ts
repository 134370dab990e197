// Long loops on the request thread (a sync batch of a hundred changes, say) hand the event loop
// back between steps, so other workspaces' requests keep flowing while one batch is applied.
// On SQLite every query completes synchronously, so without this a whole batch would hold the
// loop from its first change to its last.
import { setImmediate as nextTurn } from "node:timers/promises";

/** Default slice: about one frame of other people's requests between two slices of a batch. */
const SLICE_MS = 5;

/**
 * A function to await between steps: it yields to the event loop (setImmediate, so pending I/O
 * runs first) once `sliceMs` have passed since the last yield, and costs nothing before.
 */
export function timeSlicer(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}
