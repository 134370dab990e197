import type { ReactNode } from "react";
import { Link } from "react-router";
import { COMPANY } from "../../../config/company";

export function InviteLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-slate-50">
      <title>{`${title} · ${COMPANY.productName}`}</title>
      <header className="px-4 py-4">
        <Link to="/" className="inline-flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/favicon.svg" alt="" className="size-8" />
          {COMPANY.productName}
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <div className="mt-4">{children}</div>
        </div>
      </main>
    </div>
  );
}
