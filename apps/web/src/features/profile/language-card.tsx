import { LOCALE_NAMES, LOCALES } from "@sitesnag/shared/i18n/locales";
import { useState } from "react";
import { SelectField } from "../../components/field";
import type { AppLocale } from "../../i18n/i18n";
import { chooseLocale } from "../../i18n/locale-sync";
import { useLocale, useT } from "../../i18n/use-t";
import { ProfileCard } from "./profile-card";

// Offered only where the pseudo-locale is built in (development, VITE_PSEUDO_LOCALE=1 builds).
const PSEUDO = import.meta.env.DEV || import.meta.env.VITE_PSEUDO_LOCALE === "1";

/**
 * The person's language (issue 35): the app changes at once, without a reload; the choice is kept
 * on this device and reaches the server, and so the user's other devices, as soon as it can.
 */
export function LanguageCard() {
  const t = useT();
  const locale = useLocale();
  const [status, setStatus] = useState<"saved" | "pending" | null>(null);
  return (
    <ProfileCard title={t("profile.language.title")}>
      <div className="max-w-sm">
        <SelectField
          label={t("profile.language.label")}
          value={locale}
          onChange={(event) => {
            setStatus(null);
            void chooseLocale(event.target.value as AppLocale).then(setStatus);
          }}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
          {PSEUDO && <option value="en-XA">Pseudo (en-XA)</option>}
        </SelectField>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t("profile.language.help")}</p>
      <p role="status" className="mt-1 text-sm text-slate-600">
        {status === "saved" && t("profile.language.saved")}
        {status === "pending" && t("profile.language.pending")}
      </p>
    </ProfileCard>
  );
}
