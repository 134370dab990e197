import { Loader2 } from "lucide-react";
import { useEffect } from "react";

type Props = { to: string; label: string };

/**
 * /about and /contact live on the company website. `replace` keeps this hop out of the history,
 * so Back returns to the page the visitor came from rather than bouncing them out again.
 */
export function ExternalRedirectPage({ to, label }: Props) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div role="status" className="max-w-md text-center text-slate-700">
        <Loader2 aria-hidden className="mx-auto size-8 animate-spin text-brand-600" />
        <p className="mt-4 text-lg font-semibold text-slate-900">Redirecting you to {label}…</p>
        <p className="mt-2 text-sm">
          If nothing happens,{" "}
          <a href={to} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
            continue
          </a>
          .
        </p>
      </div>
    </main>
  );
}
