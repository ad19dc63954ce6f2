// Guessing pairing codes (POST /api/extension/pair) is throttled per address and overall. The per-address limit
// stops one client; the overall cap bounds guessing spread over many addresses (or forged X-Forwarded-For values
// where no trusted proxy sets it): at most OVERALL failures per window against 31^8 possible codes, each alive for
// ten minutes. The cost is that a flood can hold everyone's pairing back until its window ends; an already paired
// device, the Settings code and one-click pairing (auto-pair) are not affected.
import { countFailure, exhaustedFor } from "@/lib/auth/failure-window";

export const PAIRING_WINDOW_MS = 10 * 60 * 1000;
export const PAIRING_LIMITS = { address: 10, overall: 100 } as const;

export interface PairingAttempt {
  address: string;
  now: Date;
  /** The counter every address shares. Only tests name another, so they cannot hold back each other's pairing. */
  overallKey?: string;
}

const keys = ({ address, overallKey = "pair-code-all" }: PairingAttempt) => ({ address: `pair-code-ip:${address}`, overall: overallKey });

/** Seconds until pairing may be tried again from this address, or null. */
export async function pairingRetryAfter(attempt: PairingAttempt): Promise<number | null> {
  const k = keys(attempt);
  return exhaustedFor([{ key: k.address, max: PAIRING_LIMITS.address }, { key: k.overall, max: PAIRING_LIMITS.overall }], PAIRING_WINDOW_MS, attempt.now);
}

export async function recordPairingFailure(attempt: PairingAttempt): Promise<void> {
  await countFailure(Object.values(keys(attempt)), PAIRING_WINDOW_MS, attempt.now);
}
