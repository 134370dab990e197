// What the signed-in shell starts once the first screen has painted (afterLoad in app-shell.tsx),
// in one chunk of its own so no screen's first load carries it: the language sync
// (i18n/locale-sync.ts) and the live stream of others' changes (features/live, issue 39).
import { syncLocale, syncLocaleOnReconnect } from "../../i18n/locale-sync";
import { startLiveUpdates } from "../live/live-updates";

export function startAfterPaint(): void {
  syncLocaleOnReconnect();
  void syncLocale().catch(() => undefined);
  startLiveUpdates();
}
