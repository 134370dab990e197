// How long the outbox waits before trying again after a sync that did not get through: doubling
// from 2 s up to a minute, with full jitter around it (0.5×–1.5×) so phones that lost the same
// site connection do not all come back in the same second.
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 60_000;

export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures));
  return Math.round(base * (0.5 + random()));
}
