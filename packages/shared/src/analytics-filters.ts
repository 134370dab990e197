// The overview's buckets and due windows (issue 37), shared by the overview, the report list's
// filters on the server and the list's own filtering of a loaded list. No zod here: the list's
// first-load chunk imports this.
export const AGEING_BUCKETS = ["0-7", "8-30", "31-90", "90+"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
/** Each bucket's ages in whole days since the report was made: more than the first, up to the second. */
export const AGE_RANGES: Record<AgeingBucket, readonly [number, number | null]> = {
  "0-7": [0, 7],
  "8-30": [7, 30],
  "31-90": [30, 90],
  "90+": [90, null],
};
/** The report list's `due` filter: open or in progress and past due, or due within the next 7 days. */
export const DUE_FILTERS = ["overdue", "soon"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

export const DAY_SECONDS = 86_400;
export const DUE_SOON_DAYS = 7;
