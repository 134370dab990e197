// Offline, how old the data on screen is (decision 0031): it comes from this device's copy of
// earlier reads (the persisted query cache, or the service worker's copy of API answers), so it may
// be out of date. A chunk of its own, loaded the first time the app is offline (the service worker
// has it precached), so the entry chunk carries none of it.
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocale, useT } from "../../i18n/use-t";

/**
 * "3 hours ago" in `locale`: how old the data on screen is, in the largest whole unit (hours up to
 * two days); null under a minute ("just now", the caller's words).
 */
export function loadedAgo(ms: number, locale = "en-GB"): string | null {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  const ago = (n: number, unit: Intl.RelativeTimeFormatUnit) =>
    new Intl.RelativeTimeFormat(locale, { numeric: "always" }).format(-n, unit);
  if (minutes < 1) return null;
  if (minutes < 60) return ago(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return ago(hours, "hour");
  return ago(Math.floor(hours / 24), "day");
}

/** When the oldest data a screen shows was loaded: of the queries with an observer. */
function useOldestShownRead(client: QueryClient): number | null {
  const [oldest, setOldest] = useState<number | null>(null);
  useEffect(() => {
    const cache = client.getQueryCache();
    const measure = () => {
      let min = Number.POSITIVE_INFINITY;
      for (const query of cache.getAll())
        if (query.getObserversCount() > 0 && query.state.dataUpdatedAt > 0)
          min = Math.min(min, query.state.dataUpdatedAt);
      setOldest(Number.isFinite(min) ? min : null);
    };
    measure();
    return cache.subscribe(measure);
  }, [client]);
  return oldest;
}

export default function StaleDataNote({ client }: { client: QueryClient }) {
  const shown = useOldestShownRead(client);
  const t = useT();
  const locale = useLocale();
  // An answer the service worker served from its copy (noted by lib/api-client.ts) was fetched
  // earlier than its query says. Forgotten when the note goes (back online, screens read afresh).
  const copyAt = window.__sitesnagCopyAt;
  useEffect(
    () => () => {
      delete window.__sitesnagCopyAt;
    },
    [],
  );
  const candidates = [shown, copyAt].filter((t): t is number => typeof t === "number" && t > 0);
  if (candidates.length === 0) return null;
  return (
    <span className="font-normal">
      {" "}
      · {t("pwa.stale", { ago: loadedAgo(Date.now() - Math.min(...candidates), locale) ?? t("pwa.justNow") })}
    </span>
  );
}
