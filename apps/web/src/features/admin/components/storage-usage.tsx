import { formatBytes } from "@sitesnag/shared/bytes";
import type { AdminUser } from "@sitesnag/shared/users";
import { useLocale, useT } from "../../../i18n/use-t";

/** The user's workspace's stored files against its quota, e.g. "12 MB of 10 GB (1%)" — the share is rounded up, so any use reads at least 1%. */
export function StorageUsage({ user }: { user: AdminUser }) {
  const used = user.workspaceStorageBytes;
  const quota = user.workspaceStorageQuotaBytes;
  const share = quota > 0 ? Math.min(100, Math.ceil((used / quota) * 100)) : 0;
  const isNearlyFull = share >= 90;
  const t = useT();
  const locale = useLocale();
  return (
    <span className={isNearlyFull ? "font-medium text-red-700" : undefined}>
      {t("admin.storage.usage", { used: formatBytes(used, locale), quota: formatBytes(quota, locale), share })}
      {isNearlyFull && <span className="sr-only"> — {t("admin.storage.nearlyFull")}</span>}
    </span>
  );
}
