import { format } from "date-fns";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { AppLink } from "../../components/app-link";
import { COMPANY } from "../../config/company";
import { useToday } from "../../lib/use-today";

export type LegalSection = { id: string; title: string; body: ReactNode };

type Props = { title: string; sections: readonly LegalSection[] };

// Styles the plain HTML the content files write (paragraphs, lists, links, storage keys).
const PROSE =
  "mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-slate-900 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-5";

/**
 * Shared frame for /privacy, /terms and /cookies. The spec asks for the "Last updated" line to
 * always show today's date, so it is computed at render rather than stored with the text.
 */
export function LegalLayout({ title, sections }: Props) {
  const today = useToday();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <AppLink
            to="/"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to Home
          </AppLink>
          <span className="text-sm font-bold tracking-tight text-slate-900">{COMPANY.productName}</span>
        </div>
      </header>

      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <title>{`${title} · SiteSnag`}</title>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          Last updated: {today && <time dateTime={format(today, "yyyy-MM-dd")}>{format(today, "MMMM d, yyyy")}</time>}
        </p>

        <ol className="mt-8 space-y-6">
          {sections.map((section, index) => {
            const headingId = `${section.id}-heading`;
            return (
              <li key={section.id}>
                <section
                  id={section.id}
                  aria-labelledby={headingId}
                  className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
                >
                  <div className="flex items-baseline gap-3">
                    <span
                      aria-hidden
                      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700"
                    >
                      {index + 1}
                    </span>
                    <h2 id={headingId} className="text-lg font-semibold text-slate-900 sm:text-xl">
                      {section.title}
                    </h2>
                  </div>
                  <div className={PROSE}>{section.body}</div>
                </section>
              </li>
            );
          })}
        </ol>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl space-y-1 px-4 py-6 text-sm text-slate-600 sm:px-6">
          <p>
            © {today?.getFullYear()} {COMPANY.legalName}. All rights reserved.
          </p>
          <p>
            {COMPANY.legalName} is registered in {COMPANY.jurisdiction}, company number {COMPANY.companyNumber}.
            Registered office: {COMPANY.registeredOffice}.
          </p>
        </div>
      </footer>
    </div>
  );
}
