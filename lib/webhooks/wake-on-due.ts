// The first attempt of a delivery is made at once, not at the next 30 s tick: every instance that runs jobs listens
// for `webhook:due` (published, on commit, by whatever enqueued deliveries) and drains due rows right away. Claims
// are SKIP LOCKED, so several awake instances share a burst instead of sending it twice. Wake-ups that arrive during
// a drain are folded into one more drain.
import { onControl } from "@/lib/events/bus";
import { log } from "@/lib/log/logger";
import { deliverDue, type DeliverDueOptions } from "@/lib/webhooks/deliver-due";

/** `orgIds` and `allowPrivate` are for tests: the app wakes for every organization, under the configured guard. */
export async function wakeOnDue(opts: Pick<DeliverDueOptions, "orgIds" | "allowPrivate"> = {}): Promise<() => void> {
  let running = false;
  let again = false;
  const drain = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await deliverDue(opts).catch((err) => log.error("webhook drain failed", { error: (err as Error).message }));
      } while (again);
    } finally {
      running = false;
    }
  };
  return onControl((notice) => {
    if (notice.t === "webhook:due") void drain();
  });
}
