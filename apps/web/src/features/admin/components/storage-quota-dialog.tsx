import { StorageQuotaInputSchema } from "@sitesnag/shared/admin";
import { formatBytes } from "@sitesnag/shared/bytes";
import type { AdminUser } from "@sitesnag/shared/users";
import { useEffect, useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { sentence, useLocale, useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useSetStorageQuota } from "../api/admin-api";

const MB = 1024 * 1024;

/**
 * The platform admin's storage quota for one user's workspace: a whole number of MB, or back to the
 * default. Lowering it below what is stored deletes nothing; new photos are refused until there is room.
 */
export function StorageQuotaDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const update = useSetStorageQuota();
  const [quota, setQuota] = useState("");
  const [error, setError] = useState<string | undefined>();
  const t = useT();
  const locale = useLocale();
  useEffect(() => {
    if (user) {
      setQuota(String(Math.round(user.workspaceStorageQuotaBytes / MB)));
      setError(undefined);
    }
  }, [user]);
  const save = (quotaMb: number | null) => {
    if (!user) return;
    const parsed = StorageQuotaInputSchema.safeParse({ quotaMb });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? sentence(issue) : t("admin.quotaDialog.wholeMb"));
      return;
    }
    setError(undefined);
    update.mutate(
      { workspaceId: user.workspaceId, body: parsed.data },
      {
        onSuccess: ({ workspace }) => {
          toast.success(
            t("admin.quotaDialog.saved", {
              workspace: user.workspaceName,
              quota: formatBytes(workspace.quotaBytes, locale),
            }),
          );
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, t("admin.quotaDialog.failed"))),
      },
    );
  };
  return (
    <Modal open={user !== null} title={t("admin.quotaDialog.title")} onClose={onClose} closeLabel={t("common.close")}>
      {user && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            save(quota.trim() === "" ? Number.NaN : Number(quota));
          }}
        >
          <p className="text-sm text-slate-700">
            {t("admin.quotaDialog.uses", {
              workspace: user.workspaceName,
              used: formatBytes(user.workspaceStorageBytes, locale),
              quota: formatBytes(user.workspaceStorageQuotaBytes, locale),
            })}
          </p>
          <TextField
            label={t("admin.quotaDialog.label")}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quota}
            error={error}
            hint={t("admin.quotaDialog.hint")}
            onChange={(e) => setQuota(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              {t("common.cancel")}
            </Button>
            <Button variant="secondary" onClick={() => save(null)} disabled={update.isPending}>
              {t("admin.quotaDialog.default")}
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              {t("admin.quotaDialog.save")}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
