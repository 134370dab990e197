import { isRouteErrorResponse, useRouteError } from "react-router";

/** The generic screen for unhandled route errors (SPEC §2). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Unexpected Application Error</h1>
      <p className="text-slate-700">{detail}</p>
      <a href="/" className="font-semibold text-brand-700 underline">
        Go to the home page
      </a>
    </main>
  );
}
