import { Construction } from "lucide-react";
import { PageHeader } from "../../components/page-header";

/** Shown on routes whose feature has not shipped yet, so navigation never dead-ends. */
export function PendingFeaturePage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Construction aria-hidden className="mx-auto size-8 text-brand-600" />
        <p className="mt-2 font-semibold text-slate-900">Coming soon</p>
        <p className="mt-1 text-sm text-slate-600">This part of SiteSnag is being built and is not available yet.</p>
      </div>
    </>
  );
}
