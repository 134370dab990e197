import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import type { ReactNode } from "react";
import { AppLink } from "../../components/app-link";
import { useT } from "../../i18n/use-t";

type Alternative = { prompt: string; to: string; label: string };

/** The frame of the sign-in, sign-up and demo screens: a card, a link to the other way in, and home. */
export function AuthLayout({
  title,
  subtitle,
  children,
  alternative,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  alternative: Alternative;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className="px-4 py-4">
        <AppLink to="/" className="inline-flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/favicon.svg" alt="" className="size-8" />
          {PRODUCT_NAME}
        </AppLink>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
          <div className="mt-6">{children}</div>
          <div className="mt-6 space-y-2 text-center text-sm text-slate-600">
            <p>
              {alternative.prompt}{" "}
              <AppLink to={alternative.to} className="font-semibold text-brand-700 underline">
                {alternative.label}
              </AppLink>
            </p>
            <p>
              <AppLink to="/" className="underline">
                {t("auth.backHome")}
              </AppLink>
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
