// When a weekly report is due: pure calendar arithmetic on a day of the week and a local hour in an
// IANA time zone (Intl does the zone rules, so summer time is the zone's own). A period is named by
// the local date of its report time ("2026-11-27"): the run table's unique key (decision 0065).

const parts = (at: number, timeZone: string) => {
  const fields = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at * 1000));
  const get = (type: string) => Number(fields.find((p) => p.type === type)?.value ?? 0);
  return { y: get("year"), m: get("month"), d: get("day"), h: get("hour"), min: get("minute"), s: get("second") };
};

/** Seconds the zone is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  const p = parts(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) / 1000 - at;
}

/** Epoch seconds of a local wall-clock time in `timeZone` (in a summer-time gap: the hour after). */
export function localToEpoch(date: string, hour: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour) / 1000;
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
}

const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** ISO weekday (1 = Monday … 7 = Sunday) of a YYYY-MM-DD date. */
const isoWeekday = (date: string): number => {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
};

export type Slot = { dayOfWeek: number; hour: number; timeZone: string };

/** The most recent report time at or before `now`: its period (local date) and epoch seconds. */
export function latestReportTime(now: number, slot: Slot): { period: string; at: number } {
  const p = parts(now, slot.timeZone);
  const today = `${String(p.y).padStart(4, "0")}-${String(p.m).padStart(2, "0")}-${String(p.d).padStart(2, "0")}`;
  let back = (isoWeekday(today) - slot.dayOfWeek + 7) % 7;
  let period = addDays(today, -back);
  let at = localToEpoch(period, slot.hour, slot.timeZone);
  if (at > now) {
    back += 7;
    period = addDays(today, -back);
    at = localToEpoch(period, slot.hour, slot.timeZone);
  }
  return { period, at };
}

/** The next report time after `now`. */
export function nextReportTime(now: number, slot: Slot): number {
  const { period } = latestReportTime(now, slot);
  return localToEpoch(addDays(period, 7), slot.hour, slot.timeZone);
}
