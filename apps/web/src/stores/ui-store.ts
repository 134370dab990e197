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
  setSidebarOpen: (open: boolean) => void;
  setInstallPromptEvent: (event: InstallPromptEvent | null) => void;
  setShowInstallPrompt: (show: boolean) => void;
  setOnline: (online: boolean) => void;
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
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
      setInstallPromptEvent: (installPromptEvent) => set({ installPromptEvent }),
      setShowInstallPrompt: (showInstallPrompt) => set({ showInstallPrompt }),
      setOnline: (isOnline) => set({ isOnline }),
    }),
    { name: "ui-storage", version: 1, partialize: (s) => ({ sidebarOpen: s.sidebarOpen }) },
  ),
);
