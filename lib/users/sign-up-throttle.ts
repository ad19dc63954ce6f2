// Open sign-up on the cloud edition creates an organization per call, each with the Free plan's minutes. Two limits,
// counted in the same fixed windows as failed sign-ins (PostgreSQL, so every instance sees them): a few sign-ups an
// hour from one address (the socket's, lib/http/request-origin), and a cap on all sign-ups an hour whatever the
// address, so a farm of addresses cannot fill the database or collect free minutes faster than the operator allows.
import { readEnv } from "@/lib/env";
import { countFailure, exhaustedFor } from "@/lib/auth/failure-window";
import { throttleAddress } from "@/lib/http/request-origin";

export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_UPS_PER_ADDRESS = 5;
const ALL_SIGN_UPS = "signup-all";

const key = (address: string) => `signup-ip:${throttleAddress(address)}`;

export interface SignUpAttempt {
  address: string;
  now: Date;
}

/** Seconds until a sign-up may be tried again, and which limit is reached; null when one may be made now. */
export async function signUpRetryAfter({ address, now }: SignUpAttempt): Promise<{ wait: number; overall: boolean } | null> {
  const own = await exhaustedFor([{ key: key(address), max: SIGN_UPS_PER_ADDRESS }], SIGN_UP_WINDOW_MS, now);
  if (own !== null) return { wait: own, overall: false };
  const all = await exhaustedFor([{ key: ALL_SIGN_UPS, max: readEnv().OUTREACH_SIGNUPS_PER_HOUR }], SIGN_UP_WINDOW_MS, now);
  return all === null ? null : { wait: all, overall: true };
}

export async function recordSignUp({ address, now }: SignUpAttempt): Promise<void> {
  await countFailure([key(address), ALL_SIGN_UPS], SIGN_UP_WINDOW_MS, now);
}
