// Runs on the platform's pages. When the page was opened from the dashboard ("Open on platform"), its URL carries
// the hand-off: the draft is armed as the page opens, and flipped to sent when the user submits the form. A public
// post or comment is flipped with its address: after the submit, the page the platform shows next (the same page
// with the new comment, or the new post's own page) reports what it shows, and the worker picks the new one out
// (published-permalink.ts). The content script never sees a token: it only tells the service worker what happened.
import { parseHandoff, withoutHandoff } from "./handoff";
import type { DraftCallResult } from "./mark-sent";
import { sendToWorker } from "./messages";
import { PUBLIC_KINDS, type SeenComment } from "./published-permalink";

const COMMENT_KINDS = new Set(["post_comment", "reply_comment", "followup_comment"]);
/** How long a page keeps reporting new comments to a send that waits for its address (the worker waits 8 s). */
const WATCH_MS = 10_000;

const link = parseHandoff(location.href);

if (link) {
  // Read once, then out of the address bar: a person who copies or shares the page's address passes nothing of the
  // dashboard on (the fragment never reached the platform's server either).
  history.replaceState(history.state, "", withoutHandoff(location.href));
  let armed: DraftCallResult | undefined;
  void sendToWorker<DraftCallResult>({ type: "compose-opened", link }).then((answer) => {
    armed = answer;
    // DMs and posts arrive pre-filled through the compose URL; a comment is written on the post page itself, so its
    // box is filled here (only when empty: the user's own words win).
    if (answer?.ok && answer.kind && COMMENT_KINDS.has(answer.kind) && answer.body) fillCommentBox(answer.body);
  });
  let reported = false;
  const report = (e: Event) => {
    if (reported) return;
    reported = true;
    const form = e.target instanceof HTMLFormElement ? e.target : null;
    const box = form?.querySelector<HTMLTextAreaElement>('textarea[name="text"], textarea');
    // What was really submitted (the user may have edited it), and the comments that were there already.
    const sent = armed?.ok && armed.kind ? { kind: armed.kind, text: box?.value ?? armed.body ?? "", before: seenComments().map((c) => c.permalink) } : undefined;
    void sendToWorker({ type: "compose-submitted", link, sent }).then(() => {
      // A platform that adds the comment without leaving the page: watch this page for it.
      if (sent && PUBLIC_KINDS.has(sent.kind)) watchPage();
    });
  };
  // Capture phase, so a page script that stops the event (or submits through its own handler) still lets us see it.
  document.addEventListener("submit", report, true);
} else if (seenComments().length > 0 || /\/comments\//.test(location.pathname)) {
  // Perhaps the page the platform opened after a submit in this tab: the worker knows whether a send waits for it.
  void reportPage().then((waiting) => {
    if (waiting) watchPage();
  });
}

/** Tells the worker what this page shows; true while a send in this tab still waits for its address. */
async function reportPage(): Promise<boolean> {
  try {
    const answer = await sendToWorker<DraftCallResult>({ type: "page-seen", page: { href: location.href, comments: seenComments() } });
    return answer?.ok === true && answer.state === "waiting";
  } catch {
    return false;
  }
}

/** Comments can render after the page loads: report again as they appear, until the send goes or time runs out. */
function watchPage() {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void reportPage().then((waiting) => {
        if (!waiting) observer.disconnect();
      });
    }, 250);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), WATCH_MS);
}

/** The comments the page lists with their permalinks: the legacy UI's `.thing[data-permalink]`, the new UI's element. */
function seenComments(): SeenComment[] {
  const out: SeenComment[] = [];
  for (const el of document.querySelectorAll<HTMLElement>(".comment[data-permalink], shreddit-comment[permalink]")) {
    const permalink = el.getAttribute("data-permalink") ?? el.getAttribute("permalink");
    if (!permalink) continue;
    // Its own body, not its replies' (a reply's text comes after it in the tree).
    const body = el.querySelector(".usertext-body .md, .md, [slot='comment']");
    out.push({ permalink, text: (body ?? el).textContent ?? "" });
  }
  return out;
}

function fillCommentBox(body: string) {
  const box = document.querySelector<HTMLTextAreaElement>('form textarea[name="text"]');
  if (!box || box.value.trim()) return;
  box.value = body;
  box.dispatchEvent(new Event("input", { bubbles: true }));
  box.focus();
}
