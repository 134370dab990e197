import { AlertTriangle, Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "../i18n/use-t";
import { Button } from "./button";

/** `label`: what is loading, in the reader's language; "Loading…" in it when absent. */
export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-500">
      <Loader2 aria-hidden className="size-5 animate-spin" />
      <span>{label ?? t("sync.loading")}</span>
    </div>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

/** `retryLabel`: the retry button's words; "Try again" in the reader's language when absent. */
export function ErrorState({
  message,
  onRetry,
  retryLabel,
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const t = useT();
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center">
      <AlertTriangle aria-hidden className="mx-auto size-6 text-red-600" />
      <p className="mt-2 text-sm font-medium text-red-800">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {retryLabel ?? t("common.tryAgain")}
        </Button>
      )}
    </div>
  );
}
