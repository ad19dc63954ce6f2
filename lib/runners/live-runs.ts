// The agent processes this instance is running, so a cancel can reach them. A cancel that arrives at another
// instance is forwarded through the event channel (`run:cancel`), and every instance aborts the runs it holds.
import { onControl } from "@/lib/events/bus";

const g = globalThis as unknown as { __outreachLiveRuns?: Map<number, AbortController>; __outreachCancelListener?: Promise<unknown> };

function live(): Map<number, AbortController> {
  g.__outreachLiveRuns ??= new Map();
  return g.__outreachLiveRuns;
}

export function holdRun(runId: number): AbortController {
  const controller = new AbortController();
  live().set(runId, controller);
  g.__outreachCancelListener ??= onControl((notice) => {
    if (notice.t === "run:cancel") abortLocalRun(notice.runId);
  }).catch(() => {
    g.__outreachCancelListener = undefined;
  });
  return controller;
}

export function releaseRun(runId: number) {
  live().delete(runId);
}

export function abortLocalRun(runId: number): boolean {
  const controller = live().get(runId);
  if (!controller) return false;
  controller.abort();
  return true;
}
