// The hand-off from the dashboard's "Open on platform" link to the browser extension, in one place for both ends
// (lib/drafts/compose-url.ts writes it, extension/src/handoff.ts reads it).
//
// It rides in the URL's fragment, `#outreach_draft=<id>&outreach_via=<key>`, so the platform's server never receives
// it (browsers do not send fragments), and the extension's content script removes it from the address bar as soon as
// it has read it. The dashboard's address is not in it at all: `key` is a short digest of the dashboard's origin,
// which the extension matches against the dashboards it is paired with (it holds their origins already). The key
// selects among a person's own few pairings and is no credential (every call still needs that pairing's token), so a
// small non-cryptographic digest is enough and both ends compute it synchronously.

export const HANDOFF_DRAFT_PARAM = "outreach_draft";
export const HANDOFF_VIA_PARAM = "outreach_via";

/** FNV-1a (32-bit) of the origin's UTF-16 code units, as 8 hex digits. */
export function backendKey(origin: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < origin.length; i++) {
    h ^= origin.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/** The fragment a compose URL carries for `draftId`, linked from the dashboard at `backendOrigin`. */
export function handoffFragment(draftId: number, backendOrigin: string): string {
  const params = new URLSearchParams({ [HANDOFF_DRAFT_PARAM]: String(draftId), [HANDOFF_VIA_PARAM]: backendKey(backendOrigin) });
  return `#${params.toString()}`;
}

export interface HandoffLink {
  draftId: number;
  /** backendKey() of the dashboard that made the link. */
  via: string;
}

/** The hand-off of a URL, or null when it carries none (or a malformed one: then it is not ours). */
export function readHandoffFragment(href: string): HandoffLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const params = new URLSearchParams(url.hash.replace(/^#/, ""));
  const rawId = params.get(HANDOFF_DRAFT_PARAM);
  const via = params.get(HANDOFF_VIA_PARAM);
  if (!rawId || !/^[1-9]\d{0,15}$/.test(rawId) || !via || !/^[0-9a-f]{8}$/.test(via)) return null;
  return { draftId: Number(rawId), via };
}

/** `href` without the hand-off: what the address bar shows once the extension has read it. */
export function withoutHandoff(href: string): string {
  const url = new URL(href);
  // Segment by segment, so whatever else the fragment holds (an anchor) is kept as it was written.
  const ours = (part: string) => part.startsWith(`${HANDOFF_DRAFT_PARAM}=`) || part.startsWith(`${HANDOFF_VIA_PARAM}=`);
  const rest = url.hash.replace(/^#/, "").split("&").filter((part) => part && !ours(part)).join("&");
  url.hash = rest ? `#${rest}` : "";
  return url.toString();
}
