import { WifiOffIcon } from "../../components/icons";
import { useUiStore } from "../../stores/ui-store";

/** "3 hours ago": how old the data on screen is, in the largest whole unit. */
export function loadedAgo(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const unit = (n: number, name: string) => `${n} ${name}${n === 1 ? "" : "s"} ago`;
  if (minutes < 1) return "just now";
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, "hour");
  return unit(Math.floor(hours / 24), "day");
}

/**
 * Offline, says so, and (in the app) how old the oldest data on screen is: it comes from this
 * device's copy of earlier reads (decision 0031), so it may be out of date. `shownSince` is the
 * time the oldest data shown was loaded; the pre-rendered pages pass none.
 */
export function OfflineBanner({ shownSince }: { shownSince?: number | null }) {
  const isOnline = useUiStore((s) => s.isOnline);
  const copyAt = useUiStore((s) => s.oldestCopyAt);
  if (isOnline) return null;
  const candidates = [shownSince, copyAt].filter((t): t is number => typeof t === "number" && t > 0);
  const since = candidates.length > 0 ? Math.min(...candidates) : null;
  return (
    <div
      role="status"
      className="fixed bottom-20 left-1/2 z-50 flex max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-2 rounded-2xl bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg lg:bottom-6"
    >
      <WifiOffIcon className="size-4 shrink-0" />
      <span>
        You are offline
        {since !== null && (
          <span className="font-normal">
            {" "}
            · Showing what was loaded {loadedAgo(Date.now() - since)}; it may be out of date.
          </span>
        )}
      </span>
    </div>
  );
}
