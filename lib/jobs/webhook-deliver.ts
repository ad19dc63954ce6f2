// webhook-deliver: the spec's 30 s tick (SPEC 8 "Webhook worker tick"), draining the deliveries that are due: retries
// whose backoff has passed, and first attempts that no worker took at once (lib/webhooks/wake-on-due.ts normally
// sends those the moment their notification commits).
import { deliverDue, type DeliverDueResult } from "@/lib/webhooks/deliver-due";
import type { JobContext, JobDefinition } from "@/lib/jobs/job";

export async function webhookDeliver({ now, log, orgIds }: JobContext): Promise<DeliverDueResult> {
  // The tick's `now` decides what is due; a long drain then keeps its own clock for what comes due meanwhile.
  let first = true;
  const clock = () => {
    if (first) {
      first = false;
      return now;
    }
    return new Date(Math.max(Date.now(), now.getTime()));
  };
  const result = await deliverDue({ now: clock, orgIds, log });
  if (result.claimed) log.info("webhook tick", { ...result });
  return result;
}

export const webhookDeliverJob: JobDefinition<DeliverDueResult> = {
  id: "webhook-deliver",
  cron: "* * * * *",
  everySeconds: 30,
  description: "Sends webhook deliveries that are due (retries, and first attempts not sent at once)",
  run: webhookDeliver,
};
