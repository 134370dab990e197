// What a signed-in screen shows inside the shell while its code arrives (issue 7): the page
// header's place (same height as PageHeader's title and subtitle) and grey blocks shaped like the
// screen's content. Nothing in the shell moves when the screen replaces it.
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

export function PageSkeleton({ kind = "list" }: { kind?: SkeletonKind }) {
  return (
    <div role="status" aria-busy="true" data-skeleton={kind}>
      <span className="sr-only">Loading…</span>
      <div className="mb-5">
        <div className={`${block} h-8 w-56`} />
        <div className={`${block} mt-2 h-5 w-72 max-w-full`} />
      </div>
      <Blocks kind={kind} />
    </div>
  );
}
