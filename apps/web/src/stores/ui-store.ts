// UI state (SPEC §3), persisted under `ui-storage`. The install event cannot be serialised, so
// only the sidebar flag is written; the rest lives for the page's lifetime.
import { create } from "zustand";
import { persist } from "zustand/middleware";

export type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

type UiState = {
  sidebarOpen: boolean;
  installPromptEvent: InstallPromptEvent | null;
  showInstallPrompt: boolean;
  isOnline: boolean;
  /** Offline: when the oldest answer the service worker served from its copy was loaded (ms). */
  oldestCopyAt: number | null;
  setSidebarOpen: (open: boolean) => void;
  setInstallPromptEvent: (event: InstallPromptEvent | null) => void;
  setShowInstallPrompt: (show: boolean) => void;
  setOnline: (online: boolean) => void;
  noteCopy: (loadedAt: number) => void;
};

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      sidebarOpen: false,
      installPromptEvent: null,
      showInstallPrompt: false,
      // Online unless the browser says otherwise: pre-rendering runs in Node, whose `navigator`
      // has no `onLine`, and the pre-rendered pages must not carry the offline banner.
      isOnline: globalThis.navigator?.onLine !== false,
      oldestCopyAt: null,
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      setInstallPromptEvent: (installPromptEvent) => set({ installPromptEvent }),
      setShowInstallPrompt: (showInstallPrompt) => set({ showInstallPrompt }),
      // Back online, screens read afresh: what was said about copies no longer holds.
      setOnline: (isOnline) => set(isOnline ? { isOnline, oldestCopyAt: null } : { isOnline }),
      noteCopy: (loadedAt) => set((s) => ({ oldestCopyAt: Math.min(loadedAt, s.oldestCopyAt ?? loadedAt) })),
    }),
    { name: "ui-storage", version: 1, partialize: (s) => ({ sidebarOpen: s.sidebarOpen }) },
  ),
);
