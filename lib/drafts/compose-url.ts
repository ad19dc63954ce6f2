// "Open on platform": the platform's own compose page for a draft, pre-filled, carrying the hand-off the browser
// extension reads (the draft id and a key of the backend it must call back, in the fragment: handoff-link.ts). The
// dashboard's address is never in the URL the platform or the person sees. Pure, so the inbox can use it too.
import { handoffFragment } from "@/lib/drafts/handoff-link";

export interface ComposeDraft {
  id: number;
  kind: "dm" | "post" | "post_comment" | "reply_dm" | "reply_comment" | "followup_dm" | "followup_comment";
  platform: string;
  accountHandle: string;
  targetUser: string;
  targetCommunity: string | null;
  targetUrl: string | null;
  title: string | null;
  body: string;
}

export interface ComposeTarget {
  /** The forum's main origin (the first of OUTREACH_PLATFORM_ORIGINS). */
  forumOrigin: string;
  /** This dashboard's origin: the extension flips the draft to sent on exactly this backend (named by its key). */
  backendUrl: string;
}

/** The compose URL, or null when the draft lacks what its platform needs (a comment without a post link). */
export function buildComposeUrl(draft: ComposeDraft, target: ComposeTarget): string | null {
  const url = draft.platform === "federated" ? federatedUrl(draft) : forumUrl(draft, target.forumOrigin);
  if (!url) return null;
  // A comment's page may carry a fragment of its own (an anchor): the hand-off replaces it, as the page is opened to
  // write in its comment box, not to jump to an anchor.
  url.hash = handoffFragment(draft.id, new URL(target.backendUrl).origin);
  return url.toString();
}

function forumUrl(draft: ComposeDraft, origin: string): URL | null {
  switch (draft.kind) {
    case "dm":
    case "reply_dm":
    case "followup_dm": {
      const url = new URL("/message/compose", origin);
      url.searchParams.set("to", draft.targetUser.replace(/^u\//, ""));
      url.searchParams.set("subject", draft.title ?? "Hello");
      url.searchParams.set("message", draft.body);
      return url;
    }
    case "post": {
      const community = (draft.targetCommunity ?? draft.targetUser).replace(/^r\//, "");
      const url = new URL(`/r/${encodeURIComponent(community)}/submit`, origin);
      url.searchParams.set("title", draft.title ?? "");
      url.searchParams.set("text", draft.body);
      return url;
    }
    case "post_comment":
    case "reply_comment":
    case "followup_comment":
      // The comment box lives on the post (or comment) page itself; the extension fills it from the draft.
      return safeUrl(draft.targetUrl);
  }
}

/** Mastodon-compatible instances: the share page pre-fills a status; the instance comes from the account handle. */
function federatedUrl(draft: ComposeDraft): URL | null {
  const instance = draft.accountHandle.split("@").filter(Boolean)[1];
  if (!instance) return safeUrl(draft.targetUrl);
  const url = new URL("/share", `https://${instance}`);
  const mention = draft.kind === "post" ? "" : `@${draft.targetUser.replace(/^@/, "")} `;
  url.searchParams.set("text", `${mention}${draft.body}`);
  return url;
}

function safeUrl(raw: string | null): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}
