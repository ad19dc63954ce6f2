// When a failed delivery is tried again (SPEC 8): 60 s after the first failure, doubling, capped at 1 h. A receiver's
// Retry-After is honoured within the same cap (a receiver asking for a day still gets its retry within the hour).
export const FIRST_RETRY_S = 60;
export const RETRY_CAP_S = 3600;

/** Seconds until the next attempt after `failures` failed attempts (1 = the first failure). */
export function retryDelayS(failures: number, retryAfterS: number | null = null): number {
  if (retryAfterS !== null && retryAfterS >= 0) return Math.min(Math.max(retryAfterS, 1), RETRY_CAP_S);
  return Math.min(FIRST_RETRY_S * 2 ** Math.max(0, failures - 1), RETRY_CAP_S);
}
