// A campaign's cron read as a schedule. Crons are five fields evaluated in UTC whatever the server's zone, so every
// instance agrees on each slot. The campaign tick (lib/jobs/campaign-tick.ts) claims slots; pages show them.
import { Cron } from "croner";

const UTC = "Etc/UTC";

function parse(cron: string): Cron {
  return new Cron(cron, { paused: true, timezone: UTC });
}

/** The first slot strictly after `after`, or null for a cron that never fires again. */
export function nextSlotAfter(cron: string, after: Date): Date | null {
  return parse(cron).nextRun(after);
}

/** The next `n` slots after `after`. */
export function upcomingSlots(cron: string, n: number, after: Date): Date[] {
  return parse(cron).nextRuns(n, after);
}

// Counting missed slots stops here: a minute cron left alone for weeks need not be walked slot by slot.
const COUNT_LIMIT = 10_000;

/**
 * The slots due between the first unclaimed one (`from`) and `now`: the latest is the one to run, the ones before it
 * were missed while nothing ticked and are skipped, never replayed. `skipped` stops counting at COUNT_LIMIT.
 */
export function dueSlots(cron: string, from: Date, now: Date): { latest: Date; skipped: number } | null {
  if (from.getTime() > now.getTime()) return null;
  const c = parse(cron);
  // The latest slot at or before now; `from` itself is a slot (it was computed by nextSlotAfter).
  const latest = c.previousRuns(1, new Date(now.getTime() + 1000)).find((d) => d.getTime() <= now.getTime()) ?? from;
  if (latest.getTime() <= from.getTime()) return { latest: from, skipped: 0 };
  let skipped = 0;
  for (let slot: Date | null = from; slot && slot.getTime() < latest.getTime() && skipped < COUNT_LIMIT; slot = c.nextRun(slot)) skipped += 1;
  return { latest, skipped };
}

/** `next_run_at` for a cron that starts (or starts again) now: its first slot after now, none without a cron. */
export function firstSlot(cron: string | null, now: Date = new Date()): Date | null {
  return cron ? nextSlotAfter(cron, now) : null;
}
