// Sizes in the outbox panel (storage used by queued photos).

/** Bytes for people: '0 B', '812 B', '14.2 KB', '3.4 MB', '1.25 GB' (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value.toFixed(unit === 3 ? 2 : 1)} ${units[unit]}`;
}
