// The session store keeps the user object it has when the same user is read again, so screens that
// read the user do not all render again after the start's /users/me (or another tab's refresh).
import { describe, expect, it, vi } from "vitest";

const storage = await vi.hoisted(async () => (await import("../lib/memory-storage")).installMemoryStorage());

import { TEST_USER as user } from "../lib/test-user";
import { useAuthStore } from "./auth-store";

describe("auth store", () => {
  it("keeps the same user object when the server answers the same user", () => {
    useAuthStore.getState().signIn({ user, accessToken: "a", refreshToken: "r" });
    const before = useAuthStore.getState().user;
    useAuthStore.getState().setUser(structuredClone(user));
    expect(useAuthStore.getState().user).toBe(before);
  });

  it("takes a changed user, and a screen reading it sees the change", () => {
    useAuthStore.getState().signIn({ user, accessToken: "a", refreshToken: "r" });
    const before = useAuthStore.getState().user;
    useAuthStore.getState().setUser({ ...structuredClone(user), locale: "pl" });
    const after = useAuthStore.getState().user;
    expect(after).not.toBe(before);
    expect(after?.locale).toBe("pl");
  });

  it("keeps the user object when another tab's write is read back with the same user", async () => {
    useAuthStore.getState().signIn({ user, accessToken: "a", refreshToken: "r" });
    const before = useAuthStore.getState().user;
    // Another tab refreshed the tokens: same user, new tokens, in localStorage.
    storage.setItem(
      "auth-storage",
      JSON.stringify({
        state: { user: structuredClone(user), accessToken: "b", refreshToken: "s", isAuthenticated: true },
        version: 1,
      }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().accessToken).toBe("b");
    expect(useAuthStore.getState().user).toBe(before);
  });
});
