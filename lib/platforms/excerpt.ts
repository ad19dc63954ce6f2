// Short previews of posts and statuses for the agent: enough to judge relevance, small enough for many results.
/** The first `max` characters of a text, cut at a word where possible, with an ellipsis when shortened. */
export function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
