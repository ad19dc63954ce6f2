// The dashboard's "Open on platform" link carries `outreach_draft=<id>` and `outreach_backend=<origin>`
// (lib/drafts/compose-url.ts). The content script reads them here; anything malformed means "not ours".

export interface Handoff {
  draftId: number;
  /** The backend's origin: the only one the sent call goes to. */
  backend: string;
}

export function parseHandoff(href: string): Handoff | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const rawId = url.searchParams.get("outreach_draft");
  const rawBackend = url.searchParams.get("outreach_backend");
  if (!rawId || !/^[1-9]\d{0,15}$/.test(rawId) || !rawBackend) return null;
  const backend = backendOrigin(rawBackend);
  return backend ? { draftId: Number(rawId), backend } : null;
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
