// Date conversions of the audit store, in a module of their own so screens can use them without
// loading the repository (and zod with it).
export const seconds = (ms: number) => Math.floor(ms / 1000);
/** 'yyyy-mm-dd' → epoch seconds at UTC midnight, the form every date field stores. */
export const isoDateToSeconds = (iso: string): number => seconds(Date.parse(`${iso}T00:00:00Z`));
