// The operator's opt-in for tenant-chosen hosts on private networks (OUTREACH_ALLOW_PRIVATE_HOSTS), read at call time
// so a test (or an operator's restart-free change) takes effect at once, and the sentence a refusal ends with.
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";

export function allowPrivateHosts(): boolean {
  return readEnv().OUTREACH_ALLOW_PRIVATE_HOSTS;
}

/**
 * What a person can do about a refused address. In the cloud edition the reader is a customer, who has no server
 * to configure, so no variable is named there.
 */
export function privateHostsAdvice(): string {
  return isCloudEdition()
    ? "Only public internet addresses can be used here."
    : "Only public internet addresses are used unless the operator sets OUTREACH_ALLOW_PRIVATE_HOSTS=on.";
}
