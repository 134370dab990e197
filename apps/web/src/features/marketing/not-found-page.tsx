import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "../../components/button";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-md text-center">
        <SearchX aria-hidden className="mx-auto size-12 text-brand-600" />
        <p className="mt-4 text-sm font-semibold text-brand-700">404</p>
        <title>Page not found · SiteSnag</title>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">
          The page you are looking for does not exist or has moved. Check the address, or head back to the home page.
        </p>
        <Link to="/" className={buttonClass("primary", "mt-8")}>
          Go Home
        </Link>
      </div>
    </main>
  );
}
