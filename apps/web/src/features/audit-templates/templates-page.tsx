import { STANDARD_TEMPLATE_ID } from "@sitesnag/shared/audit-template-model";
import type { AuditTemplateList } from "@sitesnag/shared/audit-templates";
import { FileText, Plus, Upload } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { useArchiveTemplate, useTemplates } from "./api/templates-api";
import { ImportTemplateModal } from "./components/import-template-modal";

type Summary = AuditTemplateList["templates"][number];

/** Audit templates (decision 0028): the built-in one and the workspace's; owners make and change them. */
export function TemplatesPage() {
  const t = useT();
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
        title={t("audits.tpl.title")}
        subtitle={
          <>
            {t("audits.tpl.subtitle")}{" "}
            <Link to="/app/audits" className="font-semibold text-brand-800 underline">
              {t("audits.tpl.back")}
            </Link>
          </>
        }
        actions={
          isOwner ? (
            <div className="flex flex-wrap gap-2">
              <Link to="/app/audit-templates/new" className={buttonClass("primary")}>
                <Plus aria-hidden className="size-4" />
                {t("audits.tpl.new")}
              </Link>
              <Link to="/app/audit-templates/new?from=standard" className={buttonClass("secondary")}>
                {t("audits.tpl.copyStandard")}
              </Link>
              <Button variant="secondary" onClick={() => setImporting(true)}>
                <Upload aria-hidden className="size-4" />
                {t("audits.tpl.import")}
              </Button>
            </div>
          ) : undefined
        }
      />
      {!isOwner && (
        <p className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{t("audits.tpl.ownersOnly")}</p>
      )}
      {templates.isPending ? (
        <LoadingState label={t("audits.tpl.loading")} />
      ) : templates.isError ? (
        <ErrorState
          message={errorMessage(templates.error, t("audits.tpl.loadFailed"))}
          onRetry={() => templates.refetch()}
        />
      ) : list.length <= 1 && !isOwner ? (
        <EmptyState title={t("audits.tpl.onlyStandard")}>{t("audits.tpl.ownerCanAdd")}</EmptyState>
      ) : (
        <ul
          aria-label={t("audits.templates")}
          className="divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {list.map((template) => (
            <li key={template.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <FileText aria-hidden className="size-5 shrink-0 text-brand-600" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">
                  {template.id === STANDARD_TEMPLATE_ID ? t("auditTemplate.name") : template.name}
                </span>
                <span className="block text-sm text-slate-600">
                  {t("audits.tpl.items", { count: template.itemCount })} ·{" "}
                  {template.builtIn ? t("audits.tpl.builtIn") : t("audits.tpl.version", { version: template.version })}
                </span>
              </span>
              {isOwner && !template.builtIn && (
                <span className="flex gap-2">
                  <Link to={`/app/audit-templates/${template.id}`} className={buttonClass("secondary")}>
                    {t("audits.tpl.edit")}
                    <span className="sr-only"> {template.name}</span>
                  </Link>
                  <Button variant="secondary" onClick={() => setArchiving(template)}>
                    {t("audits.tpl.archive")}
                    <span className="sr-only"> {template.name}</span>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.length <= 1 && isOwner && !templates.isPending && !templates.isError && (
        <p className="mt-4 text-sm text-slate-600">{t("audits.tpl.noneOwn")}</p>
      )}
      <ConfirmDialog
        open={archiving !== null}
        title={t("audits.tpl.archiveTitle")}
        message={t("audits.tpl.archiveMessage", { name: archiving?.name ?? "" })}
        confirmLabel={t("audits.tpl.archive")}
        isPending={archive.isPending}
        onCancel={() => setArchiving(null)}
        onConfirm={() =>
          archiving &&
          archive.mutate(archiving.id, {
            onSuccess: () => {
              toast.success(t("audits.tpl.archived"));
              setArchiving(null);
            },
            onError: (error) => toast.error(errorMessage(error, t("audits.tpl.archiveFailed"))),
          })
        }
      />
      <ImportTemplateModal
        open={isImporting}
        onClose={() => setImporting(false)}
        onImported={(id) => {
          setImporting(false);
          toast.success(t("audits.tpl.imported"));
          navigate(`/app/audit-templates/${id}`);
        }}
      />
    </>
  );
}
