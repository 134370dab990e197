import { Download, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";
import { toast } from "../../../lib/toast";
import { loadAuditStore } from "../api/audit-store";
import { downloadFile } from "../download-file";

const MAX_BACKUP_BYTES = 200 * 1024 * 1024;

/** Export all of the user's audits to one file, or import a file made on another device. */
export function BackupControls({
  userId,
  hasAudits,
  explainEmpty,
  onImported,
}: {
  userId: string;
  /** Whether this device holds audits to export. */
  hasAudits: boolean;
  /** Say why Export is off when the list shows the workspace's audits but this device has none. */
  explainEmpty: boolean;
  onImported: () => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const noteId = useId();
  const [busy, setBusy] = useState<"export" | "import" | null>(null);

  async function exportAll() {
    setBusy("export");
    try {
      const { auditStorageDeps, backupFileName, exportAudits } = await loadAuditStore();
      const backup = await exportAudits(auditStorageDeps, userId);
      downloadFile(backupFileName(new Date()), JSON.stringify(backup));
      toast.success(t("audits.backup.exported", { count: backup.audits.length }));
    } catch {
      toast.error(t("audits.audit.exportFailed"));
    } finally {
      setBusy(null);
    }
  }

  async function importFile(file: File) {
    if (file.size > MAX_BACKUP_BYTES) {
      toast.error(t("audits.backup.tooLarge"));
      return;
    }
    setBusy("import");
    try {
      const { auditStorageDeps, importAudits, importMessage } = await loadAuditStore();
      const outcome = await importAudits(auditStorageDeps, userId, await file.text());
      if (!outcome.ok) toast.error(outcome.message);
      else {
        (outcome.imported > 0 ? toast.success : toast.info)(importMessage(outcome));
        onImported();
      }
    } catch (error) {
      toast.error(
        error instanceof Error && error.name === "StorageFullError" ? error.message : t("audits.backup.importFailed"),
      );
    } finally {
      setBusy(null);
      if (input.current) input.current.value = "";
    }
  }

  return (
    // min-w-0 max-w-full: beside the heading it may shrink to the screen, its buttons wrapping.
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
      {!hasAudits && explainEmpty && (
        <p id={noteId} className="w-full text-sm text-slate-600 sm:order-last">
          {t("audits.backup.explainEmpty")}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={exportAll}
        isLoading={busy === "export"}
        disabled={!hasAudits}
        aria-describedby={!hasAudits && explainEmpty ? noteId : undefined}
      >
        <Download aria-hidden className="size-4" />
        {t("audits.backup.export")}
      </Button>
      <label htmlFor={inputId} className="sr-only">
        {t("audits.backup.importLabel")}
      </label>
      <input
        id={inputId}
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void importFile(file);
        }}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} isLoading={busy === "import"}>
        <Upload aria-hidden className="size-4" />
        {t("audits.backup.import")}
      </Button>
    </div>
  );
}
