// "Make available offline" for a project's drawings: every tile, thumbnail and preview of its ready
// sheets goes into the Cache Storage cache "plans-offline", which the service worker answers from
// before anything else (public/sw-plans.js), and the sheets' reads go into the persisted query
// cache. Which projects are kept, and their size, is remembered per browser in localStorage.
import { bytesText } from "@sitesnag/shared/bytes";
import type { Sheet } from "@sitesnag/shared/sheets";
import { tileAddresses } from "./pin-math";

export const OFFLINE_PLANS_CACHE = "plans-offline";
const INDEX_KEY = "sitesnag-offline-plans";
const CONCURRENCY = 6;

export type OfflineRecord = { bytes: number; at: number; urls: number };

const ready = (sheets: readonly Sheet[]) => sheets.filter((s) => s.status === "ready" && s.tileUrl);

/** Bytes the project's plans take (what the download fetches). */
export const offlineSize = (sheets: readonly Sheet[]): number => ready(sheets).reduce((n, s) => n + s.tileBytes, 0);

export function sheetFileUrls(sheet: Sheet): string[] {
  if (!sheet.tileUrl) return [];
  return [
    ...tileAddresses(sheet.tileUrl, sheet.width, sheet.height, sheet.tileSize),
    ...(sheet.thumbnailUrl ? [sheet.thumbnailUrl] : []),
    ...(sheet.previewUrl ? [sheet.previewUrl] : []),
  ];
}

function readIndex(): Record<string, OfflineRecord> {
  try {
    return JSON.parse(localStorage.getItem(INDEX_KEY) ?? "{}") as Record<string, OfflineRecord>;
  } catch {
    return {};
  }
}

export const offlineRecord = (projectId: string): OfflineRecord | undefined => readIndex()[projectId];

function writeRecord(projectId: string, record: OfflineRecord | undefined) {
  const index = readIndex();
  if (record) index[projectId] = record;
  else delete index[projectId];
  localStorage.setItem(INDEX_KEY, JSON.stringify(index));
}

/** Downloads every file of the project's ready sheets into the offline cache; progress in 0–1. */
export async function makePlansOffline(
  projectId: string,
  sheets: readonly Sheet[],
  onProgress: (done: number) => void,
): Promise<OfflineRecord> {
  const urls = ready(sheets).flatMap(sheetFileUrls);
  const cache = await caches.open(OFFLINE_PLANS_CACHE);
  // Ask once, so the browser does not evict the plans under storage pressure.
  void navigator.storage?.persist?.().catch(() => false);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      if (!(await cache.match(url))) {
        const response = await fetch(url, { headers: { "x-sitesnag-offline": "1" } });
        if (!response.ok) throw new Error(`A plan file could not be downloaded (${response.status}).`);
        await cache.put(url, response);
      }
      done += 1;
      onProgress(done / urls.length);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const record = { bytes: offlineSize(sheets), at: Date.now(), urls: urls.length };
  writeRecord(projectId, record);
  return record;
}

export async function removePlansOffline(projectId: string, sheets: readonly Sheet[]): Promise<void> {
  const cache = await caches.open(OFFLINE_PLANS_CACHE);
  for (const url of ready(sheets).flatMap(sheetFileUrls)) await cache.delete(url);
  writeRecord(projectId, undefined);
}

/** What this site stores on the device, and the browser's allowance for it. */
export async function storageUsed(): Promise<{ usage: number; quota: number } | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return estimate?.usage !== undefined && estimate.quota !== undefined
    ? { usage: estimate.usage, quota: estimate.quota }
    : null;
}

/** "3.4 MB", "812 KB" (at least 1 KB); in another language through Intl ("3,4 MB" in Polish). */
export const formatBytes = (bytes: number, locale?: string): string =>
  bytes >= 1024 * 1024 * 1024
    ? bytesText(locale, bytes / 1024 / 1024 / 1024, 3, 1, (n) => `${n} GB`)
    : bytes >= 1024 * 1024
      ? bytesText(locale, bytes / 1024 / 1024, 2, 1, (n) => `${n} MB`)
      : bytesText(locale, Math.max(1, Math.round(bytes / 1024)), 1, 0, (n) => `${n} KB`);
