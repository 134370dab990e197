import type { LoaderFunctionArgs, RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { startScreensEarly } from "./lazy-page";

const args = { params: {} } as unknown as LoaderFunctionArgs;

describe("startScreensEarly", () => {
  it("gives a lazyPage route a loader that starts its chunk, then runs the route's own loader", () => {
    const started: string[] = [];
    const Screen = Object.assign(() => null, { preload: () => started.push("chunk") });
    const [shell] = startScreensEarly([
      {
        path: "/app",
        children: [
          {
            path: "a",
            Component: Screen,
            loader: () => {
              started.push("data");
              return "own";
            },
          },
          { path: "b", Component: Screen },
          { path: "c", Component: () => null },
        ],
      },
    ]);
    const [a, b, c] = (shell as RouteObject).children ?? [];
    expect(typeof a?.loader === "function" && a.loader(args)).toBe("own");
    expect(started).toEqual(["chunk", "data"]);
    expect(typeof b?.loader === "function" && b.loader(args)).toBeNull();
    expect(started).toEqual(["chunk", "data", "chunk"]);
    // A plain Component (no preload) is left as it was.
    expect(c?.loader).toBeUndefined();
  });
});
