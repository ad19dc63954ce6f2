// The search box's text as a PostgreSQL tsquery over the `search_vector` columns (migration search_vectors).
// Every word must match, and the last letters typed may be a word's beginning ("jan" finds "jane_doe"), so
// results follow each keystroke. Only letters, digits and a few in-word marks are kept: the operators of the
// tsquery syntax (& | ! ( ) : * < >) never reach to_tsquery, so no input can make it fail.

const MAX_TERMS = 8;

/** `null` when the text holds nothing searchable (then the filter is left out). */
export function toSearchQuery(text: string | undefined | null): string | null {
  const terms = toSearchTerms(text);
  return terms ? terms.join(" & ") : null;
}

/** One prefix query per word (`jan:*`), for searches whose words may match in different places. */
export function toSearchTerms(text: string | undefined | null): string[] | null {
  if (!text) return null;
  const terms = text
    .normalize("NFKC")
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/[^\p{L}\p{N}_.@'-]+/gu, "").replace(/'/g, "").replace(/^[-.@]+|[-.@]+$/g, ""))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  return terms.map((t) => `${t}:*`);
}
