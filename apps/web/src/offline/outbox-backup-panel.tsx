// "Download a backup of unsynced work" and "Import a backup" (issue 28), for the outbox panel and
// the profile page (a new device has no outbox yet). The outbox code loads when a button is used.
import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "../components/button";
import type { Message } from "../i18n/i18n";
import { msg, useT } from "../i18n/use-t";
import { saveBlob } from "../lib/save-blob";
import { toast } from "../lib/toast";
import { useAuthStore } from "../stores/auth-store";

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

// The refusals outbox-backup.ts writes in English, by the catalogue's id (anything else, a check of
// the file's contents, is shown as written).
const REFUSALS: Record<string, Message> = {
  "Nothing on this device is waiting to sync.": msg("fin.backup.nothingWaiting"),
  "This file is too large to be a backup of unsynced work.": msg("fin.backup.tooLarge"),
  "This file is not a SiteSnag backup of unsynced work.": msg("fin.backup.notBackup"),
};

export function OutboxBackupPanel({ canDownload }: { canDownload: boolean }) {
  const t = useT();
  const userId = useAuthStore((s) => s.user?.id);
  const refusal = (message: string) => {
    const id = REFUSALS[message];
    return id ? t(id) : message;
  };
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  if (!userId) return null;

  const download = async () => {
    setBusy(true);
    try {
      const { exportBackup } = await import("./outbox-backup");
      const { blob, items } = await exportBackup(userId);
      if (items === 0) {
        setMessage({ text: t("fin.backup.nothingWaiting"), isError: false });
        return;
      }
      saveBlob(blob, `sitesnag-unsynced-work-${day(Date.now())}.json`);
      setMessage({ text: t("fin.backup.downloaded", { count: items }), isError: false });
    } catch (err) {
      const refused = err instanceof Error && err.name === "BackupRefused";
      setMessage({
        text: refused ? refusal(err.message) : t("fin.backup.failed"),
        isError: !refused,
      });
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    try {
      const { importBackup } = await import("./outbox-backup");
      const { added, skipped } = await importBackup(userId, file);
      const text =
        added > 0
          ? skipped
            ? t("fin.backup.importedSkipped", { count: added, skipped })
            : t("fin.backup.imported", { count: added })
          : t("fin.backup.allHere");
      setMessage({ text, isError: false });
      toast.success(text);
      if (added > 0 && navigator.onLine) void (await import("./outbox")).syncOutbox(userId).catch(() => undefined);
    } catch (err) {
      const text =
        err instanceof Error && err.name === "BackupRefused" ? refusal(err.message) : t("fin.backup.importFailed");
      setMessage({ text, isError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      {canDownload && (
        <Button variant="secondary" onClick={() => void download()} isLoading={busy}>
          {t("fin.backup.download")}
        </Button>
      )}
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
        {t("fin.backup.import")}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label={t("fin.backup.file")}
        hidden
        onChange={(e) => void onFile(e)}
      />
      {message && (
        <p role={message.isError ? "alert" : "status"} className={message.isError ? "text-red-700" : "text-slate-700"}>
          {message.text}
        </p>
      )}
    </div>
  );
}
