import { useSyncExternalStore } from "react";

// Below Tailwind's md breakpoint: the plan viewer's phone layout (components/phone-plan-toolbar.tsx).
const PHONE = "(max-width: 767.98px)";

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(PHONE);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

/** Whether the screen is a phone's, re-rendering when that changes (a rotation, a resized window). */
export const useIsPhone = (): boolean => useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
