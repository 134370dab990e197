import { WifiOffIcon } from "../../components/icons";
import { useUiStore } from "../../stores/ui-store";

export function OfflineBanner() {
  const isOnline = useUiStore((s) => s.isOnline);
  if (isOnline) return null;
  return (
    <div
      role="status"
      className="fixed bottom-20 left-1/2 z-50 flex -translate-x-1/2 items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg lg:bottom-6"
    >
      <WifiOffIcon className="size-4" />
      You are offline
    </div>
  );
}
