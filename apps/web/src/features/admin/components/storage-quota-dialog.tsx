import { StorageQuotaInputSchema } from "@sitesnag/shared/admin";
import { formatBytes } from "@sitesnag/shared/bytes";
import type { AdminUser } from "@sitesnag/shared/users";
import { useEffect, useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
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
      setError(parsed.error.issues[0]?.message ?? "Enter a whole number of MB");
      return;
    }
    setError(undefined);
    update.mutate(
      { workspaceId: user.workspaceId, body: parsed.data },
      {
        onSuccess: ({ workspace }) => {
          toast.success(`${user.workspaceName} can now store ${formatBytes(workspace.quotaBytes)}`);
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, "Failed to change the storage quota")),
      },
    );
  };
  return (
    <Modal open={user !== null} title="Storage quota" onClose={onClose}>
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
            Workspace {user.workspaceName} uses {formatBytes(user.workspaceStorageBytes)} of{" "}
            {formatBytes(user.workspaceStorageQuotaBytes)}.
          </p>
          <TextField
            label="Quota (MB)"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quota}
            error={error}
            hint="Lowering it deletes nothing: new photos are refused until there is room."
            onChange={(e) => setQuota(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => save(null)} disabled={update.isPending}>
              Use the default
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              Save quota
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
