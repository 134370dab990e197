// A signed-in screen as a route Component that loads its chunk when first rendered. Unlike the
// router's `lazy`, which holds the whole match (shell included) until the chunk arrives, the shell
// renders at once and its Suspense boundary shows the route's skeleton meanwhile (app-shell.tsx,
// `handle.skeleton`). The route's loader starts the screen's data requests at the same moment.
import { type ComponentType, lazy } from "react";
import type { SkeletonKind } from "../components/page-skeleton";

export const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy(async () => ({ default: pick(await load()) }));

/** Route `handle` naming the skeleton the shell shows while the screen loads. */
export const skeleton = (kind: SkeletonKind) => ({ skeleton: kind });
