/** Current time in epoch seconds, the unit every date column and API field uses. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
