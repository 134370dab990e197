import type { LoaderFunctionArgs } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useAuthStore } from "../stores/auth-store";
import { restoreQueryCache } from "./persisted-query-cache";
import { queryClient } from "./query-client";
import { prefetch } from "./route-prefetch";

const args = { params: { id: "p1" } } as unknown as LoaderFunctionArgs;
const user = { id: "u1", firstName: "Sam", lastName: "Builder", email: "sam@example.com", role: "user" } as never;

describe("prefetch loader", () => {
  afterEach(() => {
    useAuthStore.getState().logout();
    queryClient.clear();
  });

  it("starts the route's queries for a signed-in user and returns at once, without waiting for them", async () => {
    useAuthStore.getState().signIn({ user, accessToken: "a", refreshToken: "r" });
    // Once the persisted reads are back (none in Node), the loader starts requests synchronously.
    await restoreQueryCache(queryClient, "u1");
    let release: (value: string) => void = () => {};
    const pending = new Promise<string>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    const loader = prefetch(({ params }) => [
      {
        queryKey: ["thing", params.id],
        queryFn: () => {
          started.push(String(params.id));
          return pending;
        },
      },
    ]);
    expect(loader(args)).toBeNull();
    expect(started).toEqual(["p1"]);
    expect(queryClient.getQueryState(["thing", "p1"])?.fetchStatus).toBe("fetching");
    release("data");
    await pending;
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(["thing", "p1"])).toBe("data");
  });

  it("starts nothing for a signed-out visitor", () => {
    const started: string[] = [];
    const loader = prefetch(() => [{ queryKey: ["thing"], queryFn: async () => started.push("x") }]);
    expect(loader(args)).toBeNull();
    expect(started).toEqual([]);
  });

  it("starts a screen's non-query work (warm) for a signed-in user only, and a failure never escapes", async () => {
    let warmed = 0;
    const warm = () => {
      warmed += 1;
      return Promise.reject(new Error("offline"));
    };
    const loader = prefetch(() => [], warm);
    expect(loader(args)).toBeNull();
    expect(warmed).toBe(0);
    useAuthStore.getState().signIn({ user, accessToken: "a", refreshToken: "r" });
    expect(loader(args)).toBeNull();
    expect(warmed).toBe(1);
    // An unhandled rejection would fail the run; let it surface if it were not caught.
    await new Promise((r) => setTimeout(r, 0));
  });
});
