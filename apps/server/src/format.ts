// Dates as the product shows them (SPEC §9): 'MMM d, yyyy' and 'MMM d, yyyy h:mm a', in UTC on the
// server (PDF and CSV say so), from epoch seconds.
const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC" });

export const formatDay = (seconds: number): string => day.format(new Date(seconds * 1000));
export const formatDayTime = (seconds: number): string =>
  `${formatDay(seconds)} ${time.format(new Date(seconds * 1000)).replace(/\u202f/g, " ")} UTC`;
export const formatCoordinate = (value: number): string => value.toFixed(6);
export const mapsUrl = (lat: number, lng: number): string =>
  `https://www.google.com/maps?q=${formatCoordinate(lat)},${formatCoordinate(lng)}`;
