// A react-hook-form resolver that loads its shared zod schema (and zod with it) on first use
// instead of with the page: zod is the largest library a form needs, and no screen needs it before
// the user types. Same schema, same messages as the server (packages/shared). `preload` lets a
// form start the download when the user first focuses it, so the first submit does not wait.
import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

export type LazyResolver<T extends FieldValues> = Resolver<T> & { preload: () => void };

export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType<FieldValues, FieldValues>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | null = null;
  const load = () => {
    loading ??= Promise.all([loadSchema(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<T>,
    );
    loading.catch(() => {
      loading = null; // a failed download (offline) is retried on the next validation
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
