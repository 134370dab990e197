import type { LucideIcon } from "lucide-react";
import { Camera, CircleCheck, ClipboardCheck, FileText, FolderKanban, Users, WifiOff } from "lucide-react";
import { AppLink } from "../../components/app-link";
import { buttonClass } from "../../components/button";
import { COMPANY } from "../../config/company";
import { BrandMark } from "./brand-mark";
import { LandingFooter } from "./landing-footer";

type Feature = { icon: LucideIcon; title: string; text: string };

const FEATURES: readonly Feature[] = [
  {
    icon: Camera,
    title: "Capture issues on the spot",
    text: "Log defects with photos, annotations, locations and descriptions in seconds, right where you find them.",
  },
  {
    icon: FileText,
    title: "PDF snagging reports",
    text: "Turn your snag list into a professional PDF report for clients and contractors, or export it as CSV.",
  },
  {
    icon: ClipboardCheck,
    title: "Site audit checklists",
    text: "Run safety and compliance audits with compliance scores and risk assessments built in.",
  },
  {
    icon: FolderKanban,
    title: "Project and client management",
    text: "Keep every report organised by project and client, with status tracking from open to closed.",
  },
  {
    icon: Users,
    title: "Team collaboration",
    text: "Assign snags to teammates and get notified when reports are assigned or updated.",
  },
  {
    icon: WifiOff,
    title: "Works offline",
    text: "Keep working in basements and remote sites. Your changes sync to the cloud when you are back online.",
  },
];

const REASONS: readonly { title: string; text: string }[] = [
  {
    title: "Built for site conditions",
    text: "Large touch targets and a mobile-first layout that installs on your phone like an app.",
  },
  {
    title: "No signal, no problem",
    text: "Record snags without a connection; nothing is lost while you wait for coverage.",
  },
  {
    title: "Clear accountability",
    text: "Every snag has an owner, a priority and a due date, so nothing slips through the cracks.",
  },
  {
    title: "Your data, handled under UK law",
    text: "A UK company working to UK GDPR. Site audits stay on your device and never reach our servers.",
  },
];

export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6 lg:px-8">
          <AppLink to="/" aria-label={`${COMPANY.productName} home`} className="inline-flex min-h-11 items-center">
            <BrandMark />
          </AppLink>
          <nav aria-label="Account">
            <AppLink to="/login" className={buttonClass("secondary")}>
              Sign In
            </AppLink>
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <div className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
              Snagging and site audits for construction teams
            </p>
            <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Snag it, assign it, sign it off. Even without signal.
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">
              {COMPANY.productName} lets site teams record defects with photos, produce clear PDF reports and run safety
              audits from their phone, online or off.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <AppLink to="/signup" className={buttonClass("primary")}>
                Start Free Trial
              </AppLink>
              <AppLink to="/login" className={buttonClass("secondary")}>
                Sign In
              </AppLink>
            </div>
            <p className="mt-4 text-sm text-slate-600">Free account. No credit card required.</p>
          </div>
        </div>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
            Everything your site team needs
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
            From the first snag to the final sign-off, in one app that works on any device.
          </p>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="why-heading" className="bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
            <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight">
              Why choose {COMPANY.productName}?
            </h2>
            <ul className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
              {REASONS.map((reason) => (
                <li key={reason.title} className="flex gap-3">
                  <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600" />
                  <div>
                    <h3 className="font-semibold">{reason.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{reason.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="rounded-2xl bg-slate-900 px-6 py-12 text-center sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-white">
              Ready to clear your snag list?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-slate-300">
              Create a free account in under a minute. Upgrade any time. No credit card required.
            </p>
            <AppLink to="/signup" className={buttonClass("primary", "mt-8")}>
              Create Free Account
            </AppLink>
          </div>
        </section>
      </main>

      <LandingFooter />
    </div>
  );
}
