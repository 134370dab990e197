// The client session (SPEC §3, §4), persisted in localStorage under `auth-storage`.
import type { User } from "@sitesnag/shared/auth";
import { create } from "zustand";
import { persist } from "zustand/middleware";

/**
 * `next`, or `current` when it holds the same values (a user is one level of plain values, read
 * from the same answers in the same order): the same user read again keeps the object the screens
 * already have.
 */
const sameOr = (current: User | null, next: User | null) =>
  JSON.stringify(current) === JSON.stringify(next) ? current : next;

type AuthState = {
  user: User | null;
  accessToken: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  setUser: (user: User) => void;
  setTokens: (accessToken: string, refreshToken: string) => void;
  signIn: (session: { user: User; accessToken: string; refreshToken: string }) => void;
  logout: () => void;
};

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      user: null,
      accessToken: null,
      refreshToken: null,
      isAuthenticated: false,
      // The same user read again (the start's /users/me, a profile save that changed nothing) keeps the
      // object it had: every screen that reads the user would otherwise render again for nothing
      // (an 80 ms task on a mid-range phone, right after the first screen has painted).
      setUser: (user) => set((s) => ({ user: sameOr(s.user, user), isAuthenticated: true })),
      setTokens: (accessToken, refreshToken) => set({ accessToken, refreshToken }),
      signIn: ({ user, accessToken, refreshToken }) => set({ user, accessToken, refreshToken, isAuthenticated: true }),
      logout: () => set({ user: null, accessToken: null, refreshToken: null, isAuthenticated: false }),
    }),
    { name: "auth-storage", version: 1 },
  ),
);

// Keep every tab's session in step: a sign-in, sign-out or token refresh in one tab is written to
// localStorage, and the others reload it from there.
if (typeof window !== "undefined" && typeof window.addEventListener === "function") {
  window.addEventListener("storage", (event) => {
    if (event.key === "auth-storage") void useAuthStore.persist.rehydrate();
  });
}
