import { isRouteErrorResponse, useRouteError } from "react-router";
import { useT } from "../i18n/use-t";

/** The generic screen for unhandled route errors (SPEC §2), in the reader's language. */
export function RouteErrorScreen() {
  const t = useT();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t("shell.error.unknown");
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t("shell.error.title")}</h1>
      <p className="text-slate-700">{detail}</p>
      <a href="/" className="font-semibold text-brand-700 underline">
        {t("shell.error.home")}
      </a>
    </main>
  );
}
