import type { ReactNode } from "react";

/** One figure inside a <dl>: the wrapper div holds only its dt and dd, as a definition list requires. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1">
        <span className="block text-2xl font-bold text-slate-900">{value}</span>
        {hint && <span className="mt-1 block text-xs text-slate-500">{hint}</span>}
      </dd>
    </div>
  );
}
