// Where the post or comment the user just submitted now lives on the platform, read from the page the platform
// shows after the submit: the post's own page it navigates to, or the new comment's permalink among the comments it
// lists (the legacy UI's `data-permalink`, the new UI's `permalink` attribute). Pure, so it is tested without a
// browser; the content script collects what it sees and the worker decides with this.

/** Kinds whose address is worth waiting for: public posts and comments, which the removal checks look at later. */
export const PUBLIC_KINDS: ReadonlySet<string> = new Set(["post", "post_comment", "reply_comment", "followup_comment"]);

export interface SeenComment {
  /** As the page gives it: relative (`/r/x/comments/p/slug/c/`) or absolute. */
  permalink: string;
  /** The comment's rendered text. */
  text: string;
}

export interface SubmittedSend {
  kind: string;
  /** What the user submitted (the box's text at submit time). */
  text: string;
  /** The comment permalinks the page showed before the submit: none of them is the new one. */
  before: string[];
}

export interface SeenPage {
  href: string;
  comments: SeenComment[];
}

const POST_PATH = /^\/r\/[^/]+\/comments\/[a-z0-9]{1,20}(?:\/[^/]*)?\/?$/i;
const COMMENT_PATH = /^\/r\/[^/]+\/comments\/[a-z0-9]{1,20}\/[^/]*\/[a-z0-9]{1,20}\/?$/i;

/** The address of what was just published, or null when this page does not show it (yet). */
export function publishedPermalink(sent: SubmittedSend, page: SeenPage): string | null {
  if (!PUBLIC_KINDS.has(sent.kind)) return null;
  if (sent.kind === "post") {
    // The platform opens the new post's page after a submit; the submit form's own page is not one.
    const url = absolute(page.href, page.href);
    return url && POST_PATH.test(new URL(url).pathname) ? url : null;
  }
  const before = new Set(sent.before.map((p) => absolute(p, page.href)).filter(Boolean));
  const wanted = words(sent.text);
  if (!wanted) return null;
  let found: string | null = null;
  for (const c of page.comments) {
    const url = absolute(c.permalink, page.href);
    if (!url || before.has(url) || !COMMENT_PATH.test(new URL(url).pathname)) continue;
    // Someone else may have commented meanwhile: only a comment with the submitted words is ours. The last one wins
    // (a page lists a thread's newest reply last).
    if (sameText(words(c.text), wanted)) found = url;
  }
  return found;
}

/** An http(s) address without its query and fragment (`?context=3`, `#c1` say nothing about the comment). */
function absolute(raw: string, base: string): string | null {
  try {
    const url = new URL(raw, base);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

/** Letters and digits only: the page renders the markdown the user typed (`**bold**`, list markers, links). */
function words(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/** The same words, or (a long comment the page folds or a link rendered as its label) the same first 60 characters. */
function sameText(shown: string, submitted: string): boolean {
  if (!shown) return false;
  if (shown === submitted) return true;
  const head = Math.min(60, submitted.length, shown.length);
  return head >= 20 && shown.slice(0, head) === submitted.slice(0, head);
}
