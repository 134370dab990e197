import { AppLink } from "../../components/app-link";
import { COMPANY } from "../../config/company";
import { useToday } from "../../lib/use-today";
import { BrandMark } from "./brand-mark";

type FooterColumn = { title: string; links: readonly { label: string; to: string }[] };

// SPEC §2: Features, Pricing and Demo all lead to /signup; there are no separate pages for them.
const COLUMNS: readonly FooterColumn[] = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/signup" },
      { label: "Pricing", to: "/signup" },
      { label: "Demo", to: "/signup" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/about" },
      { label: "Contact", to: "/contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "Cookie Policy", to: "/cookies" },
    ],
  },
];

export function LandingFooter() {
  const today = useToday();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div>
          <BrandMark inverted />
          <p className="mt-3 text-sm leading-relaxed">
            Snagging reports and site safety audits for construction teams, online or off.
          </p>
        </div>
        {COLUMNS.map((column) => {
          const headingId = `footer-${column.title.toLowerCase()}`;
          return (
            <nav key={column.title} aria-labelledby={headingId}>
              <h2 id={headingId} className="text-sm font-semibold uppercase tracking-wide text-white">
                {column.title}
              </h2>
              <ul className="mt-3 space-y-1">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <AppLink
                      to={link.to}
                      className="inline-flex min-h-11 items-center text-sm hover:text-white hover:underline md:min-h-8"
                    >
                      {link.label}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm sm:px-6 md:flex-row md:justify-between lg:px-8">
          <p>
            © {today?.getFullYear()} {COMPANY.legalName}. All rights reserved.
          </p>
          <p>
            Registered in {COMPANY.jurisdiction}, company number {COMPANY.companyNumber}. Registered office:{" "}
            {COMPANY.registeredLocation}.
          </p>
        </div>
      </div>
    </footer>
  );
}
