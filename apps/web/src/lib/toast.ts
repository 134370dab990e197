// Toasts per SPEC §2: top right, 3000 ms, pause on hover and focus loss, close on click, draggable.
// react-toastify is loaded with the first toast, not with the app: no first screen shows one.
// Toasts raised before its container has mounted wait in react-toastify's own queue.
export const TOAST_OPTIONS = {
  position: "top-right",
  autoClose: 3000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
} as const;

type ToastOptions = { toastId?: string };
type Kind = "success" | "error" | "info";

const listeners = new Set<() => void>();
let requested = false;

/** For ToastHost: whether a toast was ever raised, and a way to hear when the first one is. */
export const toastHost = {
  isRequested: () => requested,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

function show(kind: Kind, message: string, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void import("react-toastify").then(({ toast: toastify }) => toastify[kind](message, options));
}

/**
 * Loads the toast library ahead of need. The signed-in app calls it once it has painted: a toast
 * raised later with no network ('saved offline') must not depend on fetching a chunk then. Only
 * the code: its container mounts (and puts its stylesheet into the page, a style recalculation
 * of the whole document) with the first toast, not during the first screen's load.
 */
export function preloadToasts(): void {
  // The container's own chunk (its words in the reader's language), which loads react-toastify.
  void import("../components/toast-container").catch(() => undefined);
}

const FLASH_KEY = "flash-toast";

export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
  /** A toast for the next page load (a pre-rendered page handing over to the app), shown by showFlashedToast. */
  flash: (kind: Kind, message: string) => {
    try {
      sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message }));
    } catch {
      // Storage unavailable: the next page simply shows no toast.
    }
  },
};

export function showFlashedToast(): void {
  try {
    const stored = sessionStorage.getItem(FLASH_KEY);
    if (!stored) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { kind, message } = JSON.parse(stored) as { kind: Kind; message: string };
    if (["success", "error", "info"].includes(kind) && typeof message === "string") show(kind, message);
  } catch {
    // Unreadable entry: nothing to show.
  }
}
