// Sizes in the outbox panel (storage used by queued photos).
import { bytesText } from "@sitesnag/shared/bytes";

const UNITS = ["B", "KB", "MB", "GB"];

/**
 * Bytes for people: '0 B', '812 B', '14.2 KB', '3.4 MB', '1.25 GB' (1 KB = 1024 B); in another
 * language through Intl ('14,2 kB' in Polish).
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return bytesText(locale, 0, 0, 0, (n) => `${n} B`);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : unit === 3 ? 2 : 1;
  return bytesText(locale, unit === 0 ? Math.round(value) : value, unit, digits, (n) => `${n} ${UNITS[unit]}`);
}
