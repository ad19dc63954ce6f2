// Runs on the platform's pages. When the page was opened from the dashboard ("Open on platform"), its URL carries
// the hand-off: the draft is armed as the page opens, and flipped to sent when the user submits the form. The
// content script never sees a token: it only tells the service worker what happened.
import { parseHandoff } from "./handoff";
import type { DraftCallResult } from "./mark-sent";
import { sendToWorker } from "./messages";

const COMMENT_KINDS = new Set(["post_comment", "reply_comment"]);

const handoff = parseHandoff(location.href);

if (handoff) {
  void sendToWorker<DraftCallResult>({ type: "compose-opened", handoff }).then((armed) => {
    // DMs and posts arrive pre-filled through the compose URL; a comment is written on the post page itself, so its
    // box is filled here (only when empty: the user's own words win).
    if (armed?.ok && armed.kind && COMMENT_KINDS.has(armed.kind) && armed.body) fillCommentBox(armed.body);
  });
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    void sendToWorker({ type: "compose-submitted", handoff });
  };
  // Capture phase, so a page script that stops the event (or submits through its own handler) still lets us see it.
  document.addEventListener("submit", report, true);
}

function fillCommentBox(body: string) {
  const box = document.querySelector<HTMLTextAreaElement>('form textarea[name="text"]');
  if (!box || box.value.trim()) return;
  box.value = body;
  box.dispatchEvent(new Event("input", { bubbles: true }));
  box.focus();
}
