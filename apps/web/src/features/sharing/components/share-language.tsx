// The share page's language (issue 35): someone with no account reads it in their browser's first
// language SiteSnag speaks (the app starts so, locale-start.ts), else English, and can switch here.
// The choice is remembered on this device under a key of its own, so it never stands in for a
// signed-in user's language on the same browser.
import { LOCALE_NAMES, LOCALES, toLocale } from "@sitesnag/shared/i18n/locales";
import { Languages } from "lucide-react";
import { useId } from "react";
import { activateLocale, currentLocale } from "../../../i18n/i18n";
import { useLocale, useT } from "../../../i18n/use-t";

export const SHARE_LOCALE_KEY = "sitesnag-share-locale";

function remembered(): string | null {
  try {
    return localStorage.getItem(SHARE_LOCALE_KEY);
  } catch {
    return null;
  }
}

/** Shows the language chosen before on this device's share pages, if any (called as the page loads). */
export function restoreShareLocale(): void {
  const chosen = remembered();
  if (chosen && toLocale(chosen) !== currentLocale()) void activateLocale(toLocale(chosen));
}

export function ShareLanguage() {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-1.5">
      <Languages aria-hidden className="size-4 shrink-0 text-slate-300" />
      <label htmlFor={id} className="sr-only">
        {t("sharing.page.language")}
      </label>
      <select
        id={id}
        value={locale === "en-XA" ? "en-GB" : locale}
        onChange={(event) => {
          const chosen = toLocale(event.target.value);
          try {
            localStorage.setItem(SHARE_LOCALE_KEY, chosen);
          } catch {
            // Private mode: the switch still applies to this page.
          }
          void activateLocale(chosen);
        }}
        className="min-h-11 max-w-[11rem] rounded-lg border border-slate-600 bg-slate-800 px-2 text-sm font-medium text-white"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
