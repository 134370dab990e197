// The session store keeps the user object it has when the same user is read again, so screens that
// read the user do not all render again after the start's /users/me (or another tab's refresh).
import { describe, expect, it, vi } from "vitest";

// The browser's localStorage, in memory, installed before the persisted store is created.
await vi.hoisted(async () => (await import("../lib/memory-storage")).installMemoryStorage());

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
});
