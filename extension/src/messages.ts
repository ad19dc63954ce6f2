// Messages the content script and the side panel send to the service worker. The worker is the only place that
// holds tokens and makes backend calls.
import type { ActivityLevel, ActivitySource } from "./activity-log";
import type { HandoffLink } from "./handoff";
import type { SeenPage, SubmittedSend } from "./published-permalink";

export type WorkerMessage =
  /** The hand-off as the page's address carried it: the worker resolves its key to a paired backend. */
  | { type: "compose-opened"; link: HandoffLink }
  | { type: "compose-submitted"; link: HandoffLink; sent?: SubmittedSend }
  /** What a platform page shows (its address, its comments), for a send in the same tab waiting for its link. */
  | { type: "page-seen"; page: SeenPage }
  | { type: "sync-now" }
  | { type: "cloud-visit" }
  | { type: "log"; source: ActivitySource; level: ActivityLevel; message: string; meta?: Record<string, unknown> }
  | { type: "clear-activity" }
  | { type: "reset" };

export function sendToWorker<T = unknown>(message: WorkerMessage): Promise<T> {
  return chrome.runtime.sendMessage(message) as Promise<T>;
}
