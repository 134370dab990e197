import type { ShareLink } from "@sitesnag/shared/sharing";
import { clsx } from "clsx";
import { Link2Off } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ErrorState, LoadingState } from "../../../components/states";
import { errorMessage } from "../../../lib/api-client";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useRevokeShareLink, useShareLinks } from "../api/share-links-api";

const STATE_STYLE: Record<ShareLink["state"], string> = {
  active: "bg-emerald-100 text-emerald-800",
  expired: "bg-slate-200 text-slate-700",
  revoked: "bg-red-100 text-red-800",
};
const STATE_LABEL: Record<ShareLink["state"], string> = { active: "Active", expired: "Expired", revoked: "Revoked" };

function scopeOf(link: ShareLink): string {
  if (link.assigneeName) return `Assigned to ${link.assigneeName}`;
  const parts = [link.filter.status, link.filter.priority].filter(Boolean);
  return parts.length === 0 ? "Every snag of the project" : `Snags: ${parts.join(", ")}`;
}

/** The project's share links: who each is for, what it shares, its last use; Revoke. */
export function ShareLinksSection({ projectId }: { projectId: string }) {
  const links = useShareLinks(projectId);
  const revoke = useRevokeShareLink();
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  return (
    <section aria-labelledby="share-links" className="mt-8">
      <h2 id="share-links" className="mb-3 text-lg font-semibold text-slate-900">
        Share links
      </h2>
      {links.isPending ? (
        <LoadingState label="Loading share links…" />
      ) : links.isError ? (
        <ErrorState message="Failed to load share links" onRetry={() => links.refetch()} />
      ) : links.data.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-600 ring-1 ring-slate-200">
          No links yet. Use Share snags to give a subcontractor their snags without an account.
        </p>
      ) : (
        <ul aria-label="Share links" className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{link.name}</p>
                <p className="text-xs text-slate-600">
                  {scopeOf(link)} · expires {formatDate(link.expiresAt)} ·{" "}
                  {link.lastUsedAt === null ? "not opened yet" : `last used ${formatDate(link.lastUsedAt)}`} ·{" "}
                  {link.views} view{link.views === 1 ? "" : "s"}, {link.fixes} fix{link.fixes === 1 ? "" : "es"}
                </p>
              </div>
              <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", STATE_STYLE[link.state])}>
                {STATE_LABEL[link.state]}
              </span>
              {link.state === "active" && (
                <Button variant="secondary" onClick={() => setRevoking(link)} aria-label={`Revoke ${link.name}`}>
                  <Link2Off aria-hidden className="size-4" />
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke link?"
        message={`“${revoking?.name ?? ""}” will stop working at once. Anyone who opens it will be told it has been revoked.`}
        confirmLabel="Revoke link"
        isPending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success("Link revoked");
              setRevoking(null);
            },
            onError: (error) => toast.error(errorMessage(error, "Failed to revoke the link")),
          })
        }
      />
    </section>
  );
}
