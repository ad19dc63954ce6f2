// The dashboard's "Open on platform" link carries the hand-off in its fragment: the draft id and a key of the
// dashboard that linked it (lib/drafts/handoff-link.ts, shared with the dashboard, which writes it). The content
// script reads it and takes it out of the address bar; the worker turns the key into one of its paired backends.
import { backendKey, readHandoffFragment, withoutHandoff, type HandoffLink } from "../../lib/drafts/handoff-link";

export type { HandoffLink };
export { withoutHandoff };

/** A hand-off resolved to the backend it came from. */
export interface Handoff {
  draftId: number;
  /** The backend's origin: the only one the sent call goes to. */
  backend: string;
}

/** The hand-off a page's address carries, or null when it carries none (anything malformed means "not ours"). */
export function parseHandoff(href: string): HandoffLink | null {
  return readHandoffFragment(href);
}

/**
 * The paired backend a link names, among `origins` (the pairings'). The dashboard's address is not in the link, so a
 * dashboard this browser is not paired with cannot be named, let alone called.
 */
export function resolveHandoff(link: HandoffLink, origins: readonly string[]): Handoff | null {
  const backend = origins.find((o) => backendKey(o) === link.via);
  return backend ? { draftId: link.draftId, backend } : null;
}

/** A backend URL reduced to its origin (pairings are keyed by it); null unless it is http(s). */
export function backendOrigin(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}
