// A reviewer's edit as a word diff: `[-removed-]{+added+}` around what changed, the rest as it was. Reads well in a
// tool answer (the profile generator sees exactly which words reviewers keep changing) and stays short for long texts.

/** Above this many word pairs the diff is not computed word by word; the two texts are given whole instead. */
const MAX_CELLS = 4_000_000;

export function wordDiff(before: string, after: string): string {
  // Words with the spaces after them, so a run of changed words reads as one change.
  const a = before.split(/(?<=\s)(?=\S)/);
  const b = after.split(/(?<=\s)(?=\S)/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const head = a.slice(0, start).join("");
  const tail = a.slice(endA).join("");
  if (midA.length * midB.length > MAX_CELLS) return `${head}${mark("-", midA.join(""))}${mark("+", midB.join(""))}${tail}`;

  // Longest common subsequence table over the changed middle.
  const n = midA.length;
  const m = midB.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  let out = head;
  let removed = "";
  let added = "";
  const flush = () => {
    out += mark("-", removed) + mark("+", added);
    removed = "";
    added = "";
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      flush();
      out += midA[i];
      i++;
      j++;
    } else if (j < m && (i === n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      added += midB[j++];
    } else {
      removed += midA[i++];
    }
  }
  flush();
  return out + tail;
}

function mark(sign: "-" | "+", text: string): string {
  if (!text) return "";
  return sign === "-" ? `[-${text}-]` : `{+${text}+}`;
}
