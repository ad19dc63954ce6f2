// Work that should start the moment it is committed rather than at the next tick (webhook deliveries, meter reports):
// every instance that runs jobs listens for a control notice (published on commit by whatever created the work) and
// drains at once. Claims are SKIP LOCKED, so several awake instances share a burst instead of doing it twice.
// Notices that arrive during a drain are folded into one more drain.
import { onControl } from "@/lib/events/bus";
import type { Notice } from "@/lib/events/hydrate-notices";
import { log } from "@/lib/log/logger";

export async function drainOnNotice(kind: Notice["t"], drain: () => Promise<unknown>): Promise<() => void> {
  let running = false;
  let again = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await drain().catch((err) => log.error("drain failed", { kind, error: (err as Error).message }));
      } while (again);
    } finally {
      running = false;
    }
  };
  return onControl((notice) => {
    if (notice.t === kind) void run();
  });
}
