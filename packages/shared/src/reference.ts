// Report references (SPEC §3): SNAG-YYYYMMDD-NNNN, NNNN a random number 1000-9999. The date is the
// creator's calendar day (local time of whoever calls it: the browser's, or the server's TZ).
export const REFERENCE_PATTERN = /^SNAG-(\d{4})(\d{2})(\d{2})-([1-9]\d{3})$/;

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** The reference for a calendar day and a number 1000-9999. */
export function formatReference(date: Date, n: number): string {
  if (!Number.isInteger(n) || n < 1000 || n > 9999) throw new RangeError(`Reference number out of range: ${n}`);
  return `SNAG-${pad(date.getFullYear(), 4)}${pad(date.getMonth() + 1, 2)}${pad(date.getDate(), 2)}-${n}`;
}

/** A fresh reference; `random` returns [0, 1) like Math.random (injectable for tests). */
export function generateReference(date: Date = new Date(), random: () => number = Math.random): string {
  const r = random();
  const unit = Number.isFinite(r) ? Math.min(Math.max(r, 0), 0.9999999999) : 0;
  return formatReference(date, 1000 + Math.floor(unit * 9000));
}

/** True for a well-formed reference naming a real calendar day. */
export function isValidReference(value: string): boolean {
  const match = REFERENCE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
