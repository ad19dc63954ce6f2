// How much a reviewer changed the agent's text: the Levenshtein distance in characters (insertions, deletions and
// substitutions of one character each). The common prefix and suffix are cut first, so a typical edit (a sentence
// changed in the middle of a message) costs the size of the changed part, not of the whole message.

/** Above this many cells the exact table is not computed; the answer is then an upper bound (see below). */
const MAX_CELLS = 25_000_000;

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let start = 0;
  while (start < a.length && start < b.length && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a.charCodeAt(endA - 1) === b.charCodeAt(endB - 1)) {
    endA--;
    endB--;
  }
  const s = a.slice(start, endA);
  const t = b.slice(start, endB);
  if (s.length === 0) return t.length;
  if (t.length === 0) return s.length;
  // Two texts that differ throughout and are both very long (whole posts rewritten): the larger length is an upper
  // bound of the distance and tells the same story (the text was replaced), at no cost.
  if (s.length * t.length > MAX_CELLS) return Math.max(s.length, t.length);

  let prev = new Uint32Array(t.length + 1);
  let curr = new Uint32Array(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    curr[0] = i;
    const c = s.charCodeAt(i - 1);
    for (let j = 1; j <= t.length; j++) {
      const cost = c === t.charCodeAt(j - 1) ? 0 : 1;
      const del = prev[j] + 1;
      const ins = curr[j - 1] + 1;
      const sub = prev[j - 1] + cost;
      curr[j] = del < ins ? (del < sub ? del : sub) : ins < sub ? ins : sub;
    }
    [prev, curr] = [curr, prev];
  }
  return prev[t.length];
}

/** The median of the sent drafts' distances, given the non-zero ones and how many were sent in all. */
export function medianEditDistance(nonZero: number[], sent: number): number | null {
  if (sent <= 0) return null;
  const zeros = Math.max(0, sent - nonZero.length);
  const sorted = [...nonZero].sort((x, y) => x - y);
  const at = (k: number) => (k < zeros ? 0 : sorted[k - zeros]);
  const n = zeros + sorted.length;
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}
