import type { ReactNode } from "react";
import { WifiOffIcon } from "../../components/icons";
import { useT } from "../../i18n/use-t";
import { useUiStore } from "../../stores/ui-store";

/**
 * Offline, says so; in the app `detail` adds how old the data on screen is (stale-data-note.tsx,
 * loaded only once offline). The pre-rendered pages pass none.
 */
export function OfflineBanner({ detail }: { detail?: ReactNode }) {
  const isOnline = useUiStore((s) => s.isOnline);
  const t = useT();
  if (isOnline) return null;
  return (
    // Taps go through: the banner floats over the page and must never hide a button beneath it.
    <div
      role="status"
      className="pointer-events-none fixed bottom-20 left-1/2 z-50 flex max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-2 rounded-2xl bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg lg:bottom-6"
    >
      <WifiOffIcon className="size-4 shrink-0" />
      <span>
        {t("pwa.offline")}
        {detail}
      </span>
    </div>
  );
}
