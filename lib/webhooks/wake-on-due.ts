// The first attempt of a delivery is made at once, not at the next 30 s tick: every instance that runs jobs drains
// due deliveries when `webhook:due` is published (on commit, by whatever enqueued them).
import { drainOnNotice } from "@/lib/jobs/drain-on-notice";
import { deliverDue, type DeliverDueOptions } from "@/lib/webhooks/deliver-due";

/** `orgIds` and `allowPrivate` are for tests: the app wakes for every organization, under the configured guard. */
export function wakeOnDue(opts: Pick<DeliverDueOptions, "orgIds" | "allowPrivate"> = {}): Promise<() => void> {
  return drainOnNotice("webhook:due", () => deliverDue(opts));
}
