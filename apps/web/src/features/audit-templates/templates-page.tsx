import type { AuditTemplateList } from "@sitesnag/shared/audit-templates";
import { FileText, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { useArchiveTemplate, useTemplates } from "./api/templates-api";
import { ImportTemplateModal } from "./components/import-template-modal";

type Summary = AuditTemplateList["templates"][number];

/** Audit templates (decision 0028): the built-in one and the workspace's; owners make and change them. */
export function TemplatesPage() {
  const isOwner = useAuthStore((s) => s.user?.workspaceRole === "owner");
  const templates = useTemplates();
  const archive = useArchiveTemplate();
  const navigate = useNavigate();
  const [archiving, setArchiving] = useState<Summary | null>(null);
  const [isImporting, setImporting] = useState(false);
  const list = templates.data ?? [];

  return (
    <>
      <PageHeader
        title="Audit templates"
        subtitle={
          <>
            The checklists audits are run against.{" "}
            <Link to="/app/audits" className="font-semibold text-brand-800 underline">
              Back to Site Audits
            </Link>
          </>
        }
        actions={
          isOwner ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/app/audit-templates/new" className={buttonClass("primary")}>
                <Plus aria-hidden className="size-4" />
                New template
              </Link>
              <Link to="/app/audit-templates/new?from=standard" className={buttonClass("secondary")}>
                Copy the standard template
              </Link>
              <Button variant="secondary" onClick={() => setImporting(true)}>
                <Upload aria-hidden className="size-4" />
                Import CSV
              </Button>
            </div>
          ) : undefined
        }
      />
      {!isOwner && (
        <p className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          Only a workspace owner can create or change templates. You can start an audit with any of these.
        </p>
      )}
      {templates.isPending ? (
        <LoadingState label="Loading templates…" />
      ) : templates.isError ? (
        <ErrorState
          message={errorMessage(templates.error, "Templates could not be loaded")}
          onRetry={() => templates.refetch()}
        />
      ) : list.length <= 1 && !isOwner ? (
        <EmptyState title="Only the standard template so far">
          Your workspace owner can add your own checklists.
        </EmptyState>
      ) : (
        <ul
          aria-label="Templates"
          className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {list.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <FileText aria-hidden className="size-5 shrink-0 text-brand-600" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{t.name}</span>
                <span className="block text-sm text-slate-600">
                  {t.itemCount} items · {t.builtIn ? "Built in" : `Version ${t.version}`}
                </span>
              </span>
              {isOwner && !t.builtIn && (
                <span className="flex gap-2">
                  <Link to={`/app/audit-templates/${t.id}`} className={buttonClass("secondary")}>
                    Edit<span className="sr-only"> {t.name}</span>
                  </Link>
                  <Button variant="secondary" onClick={() => setArchiving(t)}>
                    Archive<span className="sr-only"> {t.name}</span>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length <= 1 && isOwner && !templates.isPending && !templates.isError && (
        <p className="mt-4 text-sm text-slate-600">
          No templates of your own yet: start from a blank one, a copy of the standard one, or a CSV file.
        </p>
      )}
      <ConfirmDialog
        open={archiving !== null}
        title="Archive template?"
        message={`"${archiving?.name ?? ""}" will no longer be offered for new audits. Audits already started with it keep it.`}
        confirmLabel="Archive"
        isPending={archive.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() =>
          archiving &&
          archive.mutate(archiving.id, {
            onSuccess: () => {
              toast.success("Template archived");
              setArchiving(null);
            },
            onError: (error) => toast.error(errorMessage(error, "The template could not be archived")),
          })
        }
      />
      <ImportTemplateModal
        open={isImporting}
        onClose={() => setImporting(false)}
        onImported={(id) => {
          setImporting(false);
          toast.success("Template imported");
          navigate(`/app/audit-templates/${id}`);
        }}
      />
    </>
  );
}
