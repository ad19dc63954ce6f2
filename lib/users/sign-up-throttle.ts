// Open sign-up on the cloud edition creates an organization per call: each address may sign up a few times an hour
// (counted in the same fixed windows as failed sign-ins), so a script cannot fill the database from one place.
import { countFailure, exhaustedFor } from "@/lib/auth/failure-window";

export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_UPS_PER_ADDRESS = 5;

const key = (address: string) => `signup-ip:${address}`;

export async function signUpRetryAfter({ address, now }: { address: string; now: Date }): Promise<number | null> {
  return exhaustedFor([{ key: key(address), max: SIGN_UPS_PER_ADDRESS }], SIGN_UP_WINDOW_MS, now);
}

export async function recordSignUp({ address, now }: { address: string; now: Date }): Promise<void> {
  await countFailure([key(address)], SIGN_UP_WINDOW_MS, now);
}
