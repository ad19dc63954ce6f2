// Runs on the platform's pages. When the page was opened from the dashboard ("Open on platform"), its URL carries
// the hand-off: the draft is armed as the page opens, and flipped to sent when the user submits the form. The
// content script never sees a token: it only tells the service worker what happened.
import { parseHandoff } from "./handoff";
import { sendToWorker } from "./messages";

const handoff = parseHandoff(location.href);

if (handoff) {
  void sendToWorker({ type: "compose-opened", handoff });
  let reported = false;
  const report = () => {
    if (reported) return;
    reported = true;
    void sendToWorker({ type: "compose-submitted", handoff });
  };
  // Capture phase, so a page script that stops the event (or submits through its own handler) still lets us see it.
  document.addEventListener("submit", report, true);
}
