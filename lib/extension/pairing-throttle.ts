// Guessing pairing codes (POST /api/extension/pair) is throttled per address: the socket's address (or the trusted
// proxy's), an IPv6 client by its /64, so one client cannot take a fresh address per try. There is no cap shared
// between callers: one would let a single client's guesses hold back everyone's valid code. What keeps guessing
// spread over many addresses hopeless is the code's length (lib/extension/pairing-code.ts): even a million addresses
// at ten tries each find one of a thousand live codes with a chance of about 2 in 10^7 per window.
import { countFailure, exhaustedFor } from "@/lib/auth/failure-window";
import { throttleAddress } from "@/lib/http/request-origin";

export const PAIRING_WINDOW_MS = 10 * 60 * 1000;
export const PAIRING_LIMITS = { address: 10 } as const;

export interface PairingAttempt {
  address: string;
  now: Date;
}

const key = ({ address }: PairingAttempt) => `pair-code-ip:${throttleAddress(address)}`;

/** Seconds until pairing may be tried again from this address, or null. */
export async function pairingRetryAfter(attempt: PairingAttempt): Promise<number | null> {
  return exhaustedFor([{ key: key(attempt), max: PAIRING_LIMITS.address }], PAIRING_WINDOW_MS, attempt.now);
}

export async function recordPairingFailure(attempt: PairingAttempt): Promise<void> {
  await countFailure([key(attempt)], PAIRING_WINDOW_MS, attempt.now);
}
