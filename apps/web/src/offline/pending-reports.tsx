// Reports captured offline, at the top of /app/snagging until they sync (SPEC §4), read from the
// local queue so they show with no network at all; each opens a read-only detail from it.
import { Link } from "react-router";
import { useOutbox } from "./use-outbox";

export default function PendingReports() {
  const { items } = useOutbox();
  const creates = items.filter((i) => i.action === "create");
  if (creates.length === 0) return null;
  return (
    <section aria-label="Reports waiting to sync" className="mb-4">
      <ul className="grid gap-3 lg:grid-cols-2">
        {creates.map((item) => (
          <li key={item.id} className="rounded-xl border border-amber-300 bg-amber-50 p-4">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-2">
                <span className="font-semibold">{String(item.data.title ?? "New report")}</span>
                <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Pending sync
                </span>
              </summary>
              <dl className="mt-2 space-y-1 text-sm text-slate-700">
                <div>
                  <dt className="inline font-medium">Priority: </dt>
                  <dd className="inline">{String(item.data.priority ?? "")}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">Photos: </dt>
                  <dd className="inline">{item.photoIds.length}</dd>
                </div>
                <div>
                  <dt className="font-medium">Description</dt>
                  <dd className="whitespace-pre-wrap">{String(item.data.description ?? "") || "No description"}</dd>
                </div>
              </dl>
              <Link
                to={`/app/snagging/${item.tempId}`}
                className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
              >
                Open {String(item.data.title ?? "report")}
              </Link>
            </details>
            {item.error && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                Not synced: {item.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
