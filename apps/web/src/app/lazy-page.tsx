// A signed-in screen as a route Component that loads its chunk when first rendered. Unlike the
// router's `lazy`, which holds the whole match (shell included) until the chunk arrives, the shell
// renders at once and its Suspense boundary shows the route's skeleton meanwhile (app-shell.tsx,
// `handle.skeleton`). `startScreensEarly` gives each such route a loader that starts the chunk
// when the route is chosen (before React renders, as the router's `lazy` did), beside the
// route's own loader, which starts its data requests (route-prefetch.ts).
import { type ComponentType, lazy } from "react";
import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { SkeletonKind } from "../components/page-skeleton";

type Preloadable = ComponentType & { preload: () => void };

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Preloadable {
  let loading: Promise<M> | null = null;
  const get = () => {
    loading ??= load();
    loading.catch(() => {
      loading = null; // a failed download is retried on the next navigation
    });
    return loading;
  };
  const Screen = lazy(async () => ({ default: pick(await get()) }));
  return Object.assign(Screen, { preload: () => void get().catch(() => undefined) });
}

/** Route `handle` naming the skeleton the shell shows while the screen loads. */
export const skeleton = (kind: SkeletonKind) => ({ skeleton: kind });

/** Wraps the loader of every route whose Component came from lazyPage so it starts the chunk too. */
export function startScreensEarly(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const next = { ...route } as RouteObject & { children?: RouteObject[] };
    if (route.children) next.children = startScreensEarly(route.children);
    const preload = (route.Component as Partial<Preloadable> | null | undefined)?.preload;
    const own = route.loader;
    if (preload)
      next.loader = (args: LoaderFunctionArgs) => {
        preload();
        return typeof own === "function" ? own(args) : null;
      };
    return next;
  });
}
