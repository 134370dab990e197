// A language chosen on the profile page reaches the server, and so every device of the user
// (issue 35). The choice shows at once and is kept on this device (locale-start.ts reads it first);
// the PATCH goes now, or — offline, or when the server cannot answer — on the next reconnect or
// app start. Until it lands, the server's older answer does not overwrite it.
import type { User } from "@sitesnag/shared/auth";
import { type Locale, toLocale } from "@sitesnag/shared/i18n/locales";
import { api } from "../lib/api-client";
import { useAuthStore } from "../stores/auth-store";
import { type AppLocale, activateLocale, currentLocale, onLocaleChange } from "./i18n";
import { DEVICE_LOCALE_KEY, type DeviceChoice, readDeviceChoice } from "./locale-start";

const store = {
  get: (): AppLocale | undefined => readDeviceChoice()?.locale,
  set: (choice: DeviceChoice) => localStorage.setItem(DEVICE_LOCALE_KEY, JSON.stringify(choice)),
  clear: () => localStorage.removeItem(DEVICE_LOCALE_KEY),
};

/** True once the server has the choice; false while it waits on this device for a connection. */
async function send(userId: string, locale: Locale): Promise<boolean> {
  try {
    const { user } = await api<{ user: User }>(`/users/${encodeURIComponent(userId)}`, {
      method: "PATCH",
      body: { locale },
    });
    // Only if nothing newer was chosen meanwhile.
    if (store.get() === locale) store.clear();
    useAuthStore.getState().setUser(user);
    return true;
  } catch {
    return false;
  }
}

/** The profile page's picker: the app changes now; the server (and other devices) as soon as it can. */
export async function chooseLocale(locale: AppLocale): Promise<"saved" | "pending"> {
  const user = useAuthStore.getState().user;
  store.set({ userId: user?.id ?? null, locale });
  await activateLocale(locale);
  // The pseudo-locale is a developer's view of this device, never a user's language.
  if (!user || locale === "en-XA") return "saved";
  useAuthStore.getState().setUser({ ...user, locale });
  return (await send(user.id, locale)) ? "saved" : "pending";
}

/** A choice still waiting on this device goes to the server; else the server's user is read back. */
export async function syncLocale(): Promise<void> {
  const user = useAuthStore.getState().user;
  if (!user) return;
  const pending = readDeviceChoice();
  if (pending && pending.userId === user.id && pending.locale !== "en-XA") {
    await send(user.id, toLocale(pending.locale));
    return;
  }
  if (pending?.locale === "en-XA") return;
  try {
    const fresh = await api<{ user: User }>("/users/me");
    // Another device may have changed the language since this session signed in.
    if (!store.get() && useAuthStore.getState().user?.id === fresh.user.id) useAuthStore.getState().setUser(fresh.user);
  } catch {
    // Offline: the session's copy stands.
  }
}

/**
 * The language the app shows, in a cookie the server reads to answer a pre-rendered page (/login)
 * in it from the first byte after sign-out (decision 0061); kept with every switch. Written from
 * this chunk, loaded after the first paint, so no first load carries it.
 */
function keepLocaleCookie(): void {
  const write = () => {
    // The cookie has the device choice's name (apps/server/src/web/web.routes.ts reads it).
    document.cookie = `${DEVICE_LOCALE_KEY}=${currentLocale()}; path=/; max-age=31536000; samesite=lax`;
  };
  write();
  onLocaleChange(write);
}

let listening = false;
/** Keeps trying a waiting choice whenever the connection comes back (once per page). */
export function syncLocaleOnReconnect(): void {
  if (listening) return;
  listening = true;
  window.addEventListener("online", () => void syncLocale());
  keepLocaleCookie();
}
