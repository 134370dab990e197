// What a signed-in screen shows inside the shell while its code arrives (issue 7): the page
// header's place (same height as PageHeader's title and subtitle) and grey blocks shaped like the
// screen's content. Nothing in the shell moves when the screen replaces it. A screen whose title
// does not depend on data (app/app-documents.ts) shows it here already, as PageHeader draws it: it
// is the largest text of such a screen on a phone, so it paints from the document (decision 0045).
import type { Message } from "../i18n/i18n";
import { useT } from "../i18n/use-t";

export type SkeletonKind = "cards" | "list" | "detail" | "form";

const block = "animate-pulse rounded-xl bg-slate-200/70";

function Blocks({ kind }: { kind: SkeletonKind }) {
  switch (kind) {
    case "cards":
      return (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${block} h-32`} />
          ))}
        </div>
      );
    case "detail":
      return (
        <div className="grid gap-5 lg:grid-cols-3">
          <div className={`${block} h-64 lg:col-span-2`} />
          <div className={`${block} h-40`} />
        </div>
      );
    case "form":
      return <div className={`${block} h-96 max-w-3xl`} />;
    default:
      return (
        <div className="space-y-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={`${block} h-20`} />
          ))}
        </div>
      );
  }
}

export function PageSkeleton({ kind = "list", title }: { kind?: SkeletonKind; title?: Message | undefined }) {
  const t = useT();
  return (
    <div role="status" aria-busy="true" data-skeleton={kind}>
      <span className="sr-only">{t("sync.loading")}</span>
      <div className="mb-5">
        {title ? (
          <h1 className="break-words text-2xl font-bold text-slate-900">{t(title)}</h1>
        ) : (
          <div className={`${block} h-8 w-56`} />
        )}
        <div className={`${block} mt-2 h-5 w-72 max-w-full`} />
      </div>
      <Blocks kind={kind} />
    </div>
  );
}
