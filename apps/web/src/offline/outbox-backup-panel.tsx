// "Download a backup of unsynced work" and "Import a backup" (issue 28), for the outbox panel and
// the profile page (a new device has no outbox yet). The outbox code loads when a button is used.
import { type ChangeEvent, useRef, useState } from "react";
import { Button } from "../components/button";
import { saveBlob } from "../lib/save-blob";
import { toast } from "../lib/toast";
import { useAuthStore } from "../stores/auth-store";

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

export function OutboxBackupPanel({ canDownload }: { canDownload: boolean }) {
  const userId = useAuthStore((s) => s.user?.id);
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
        setMessage({ text: "Nothing on this device is waiting to sync.", isError: false });
        return;
      }
      saveBlob(blob, `sitesnag-unsynced-work-${day(Date.now())}.json`);
      setMessage({ text: `Backup of ${items} change(s) downloaded.`, isError: false });
    } catch (err) {
      const refused = err instanceof Error && err.name === "BackupRefused";
      setMessage({
        text: refused ? err.message : "The backup could not be made. Your changes are still on this device.",
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
          ? `${added} change(s) imported${skipped ? ` (${skipped} already here)` : ""}. They will be sent when online.`
          : "Every change in this backup is already on this device.";
      setMessage({ text, isError: false });
      toast.success(text);
      if (added > 0 && navigator.onLine) void (await import("./outbox")).syncOutbox(userId).catch(() => undefined);
    } catch (err) {
      const text =
        err instanceof Error && err.name === "BackupRefused" ? err.message : "The backup could not be imported.";
      setMessage({ text, isError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      {canDownload && (
        <Button variant="secondary" onClick={() => void download()} isLoading={busy}>
          Download a backup of unsynced work
        </Button>
      )}
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy}>
        Import a backup
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        aria-label="Backup file to import"
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
