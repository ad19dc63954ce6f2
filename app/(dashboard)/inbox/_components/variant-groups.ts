import type { DraftView } from "@/lib/drafts/draft-view";

/**
 * A/B variants are one decision, so their rows sit together: each sibling moves up to follow the first one loaded,
 * otherwise keeping the server's order. (A quality sort, for one, would otherwise scatter them.)
 */
export function clusterVariants(rows: DraftView[]): DraftView[] {
  const siblings = new Map<string, DraftView[]>();
  for (const d of rows) {
    if (!d.variantGroupId) continue;
    const list = siblings.get(d.variantGroupId);
    if (list) list.push(d);
    else siblings.set(d.variantGroupId, [d]);
  }
  const out: DraftView[] = [];
  const placed = new Set<string>();
  for (const d of rows) {
    if (!d.variantGroupId) {
      out.push(d);
    } else if (!placed.has(d.variantGroupId)) {
      placed.add(d.variantGroupId);
      const group = siblings.get(d.variantGroupId)!;
      out.push(...group.sort((a, b) => (a.variantLabel ?? "").localeCompare(b.variantLabel ?? "") || a.id - b.id));
    }
  }
  return out;
}

export type GroupPosition = { index: number; size: number };

/** For each row of a variant group with more than one loaded sibling: its place within the group. */
export function groupPositions(rows: DraftView[]): Map<number, GroupPosition> {
  const out = new Map<number, GroupPosition>();
  let i = 0;
  while (i < rows.length) {
    const group = rows[i].variantGroupId;
    let j = i + 1;
    if (group) while (j < rows.length && rows[j].variantGroupId === group) j++;
    if (j - i > 1) for (let k = i; k < j; k++) out.set(rows[k].id, { index: k - i, size: j - i });
    i = j;
  }
  return out;
}
