// Which language the app starts in, and following the signed-in user's choice afterwards: a choice
// made on this device and not yet on the server (locale-sync.ts), else the user's `locale` (from
// sign-in or another device, kept with the session in localStorage, so it is there offline), else
// the browser's languages (a first visit), else English.
import { pickLocale, toLocale } from "@sitesnag/shared/i18n/locales";
import { useAuthStore } from "../stores/auth-store";
import { type AppLocale, activateLocale } from "./i18n";

/**
 * This device's own choice, for the user who made it: a language picked before the server has it,
 * or the pseudo-locale. Another account signing in on the device does not inherit it.
 */
export const DEVICE_LOCALE_KEY = "sitesnag-locale";
export type DeviceChoice = { userId: string | null; locale: AppLocale };

export function readDeviceChoice(): DeviceChoice | null {
  try {
    const stored = JSON.parse(localStorage.getItem(DEVICE_LOCALE_KEY) ?? "null") as Partial<DeviceChoice> | null;
    if (!stored || typeof stored.locale !== "string") return null;
    return { userId: stored.userId ?? null, locale: stored.locale === "en-XA" ? "en-XA" : toLocale(stored.locale) };
  } catch {
    return null;
  }
}

export function startingLocale(): AppLocale {
  const user = useAuthStore.getState().user;
  const device = readDeviceChoice();
  if (device && (device.userId === null || device.userId === user?.id)) return device.locale;
  if (user?.locale) return toLocale(user.locale);
  return pickLocale(typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]));
}

/** Activates the starting language and follows the session's user from then on. */
export function startLocale(): Promise<void> {
  let current = startingLocale();
  useAuthStore.subscribe((state) => {
    const next = startingLocale();
    if (next === current && state.user) return;
    current = next;
    void activateLocale(next);
  });
  return activateLocale(current);
}
