// One spelling per person: platform handles are case-insensitive and often written with a prefix ("u/alice",
// "@alice@example.social"). Dedup, the blocklist and contact history all compare this form.
export function canonicalHandle(raw: string): string {
  return raw.trim().replace(/^(?:\/?u\/|@)/i, "").toLowerCase();
}

/** Communities are written "r/name" or "name"; compared without the prefix. */
export function canonicalCommunity(raw: string): string {
  return raw.trim().replace(/^\/?r\//i, "").toLowerCase();
}

/** Kinds that address one person; a top-level post addresses a community and is neither deduplicated nor a contact. */
export function addressesPerson(kind: string): boolean {
  return kind !== "post";
}
