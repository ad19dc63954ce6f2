// A submitted public post or comment waits here, per tab, for its address before it is marked sent: the platform
// shows the new comment (or opens the new post's page) a moment after the submit, and the content script reports
// what it sees. The removal checks need that address. When it does not show within WAIT_MS, or the tab closes
// first, the draft is marked sent without it, as before: a person can still give the link on the dashboard.
import { logActivity } from "./activity-log";
import type { Handoff } from "./handoff";
import { markSent, type DraftCallResult } from "./mark-sent";
import { PUBLIC_KINDS, publishedPermalink, type SeenPage, type SubmittedSend } from "./published-permalink";

/** Long enough for a slow page, well inside the 30 s a service worker stays awake without events. */
export const WAIT_MS = 8000;

interface Pending {
  handoff: Handoff;
  sent: SubmittedSend;
  timer: ReturnType<typeof setTimeout>;
}

const pending = new Map<number, Pending>();

/** The user submitted a compose form. DMs (and a tab-less sender) are marked sent at once; posts and comments wait. */
export function composeSubmitted(tabId: number | undefined, handoff: Handoff, sent: SubmittedSend | undefined): Promise<DraftCallResult> {
  if (tabId === undefined || !sent || !PUBLIC_KINDS.has(sent.kind)) return markSent(handoff);
  // Registered before any await: the next page's report may arrive right behind this message.
  const earlier = pending.get(tabId);
  const timer = setTimeout(() => void finish(tabId, undefined, "its link did not show"), WAIT_MS);
  pending.set(tabId, { handoff, sent, timer });
  // A second compose in the same tab before the first showed its link: the first is sent without one.
  if (earlier && earlier.handoff.draftId !== handoff.draftId) {
    clearTimeout(earlier.timer);
    void markSent(earlier.handoff);
  } else if (earlier) clearTimeout(earlier.timer);
  return Promise.resolve({ ok: true, state: "waiting" });
}

/** A platform page in a tab with a waiting send reports what it shows; the send goes once its address is there. */
export async function pageSeen(tabId: number | undefined, page: SeenPage): Promise<DraftCallResult> {
  const waiting = tabId === undefined ? undefined : pending.get(tabId);
  if (!waiting) return { ok: false };
  const permalink = publishedPermalink(waiting.sent, page);
  if (!permalink) return { ok: true, state: "waiting" };
  return finish(tabId!, permalink);
}

/** The tab closed: nothing more will show, so the send goes without its address now. */
export function tabClosed(tabId: number): void {
  if (pending.has(tabId)) void finish(tabId, undefined, "its tab was closed first");
}

async function finish(tabId: number, permalink: string | undefined, why?: string): Promise<DraftCallResult> {
  const waiting = pending.get(tabId);
  if (!waiting) return { ok: false };
  pending.delete(tabId);
  clearTimeout(waiting.timer);
  if (!permalink) {
    await logActivity("reddit-action", "info", `Draft #${waiting.handoff.draftId}: ${why}, so it is marked sent without its link`, { draftId: waiting.handoff.draftId, backend: waiting.handoff.backend });
  }
  return markSent(waiting.handoff, permalink);
}
