// The inbox's quiet refresh (new drafts from a run, changes elsewhere in the organization) merged into the rows on
// screen. The rows the reviewer sees stay where they are: one approved or rejected here a moment ago keeps showing
// "Approved" in place (the live stream keeps each loaded row current), instead of vanishing because its tab no
// longer lists it. Drafts new to the view are added where the fresh page puts them: before the first loaded row that
// follows them there, or at the end. "Reload list" is the way to a list read afresh.

interface Versioned {
  id: number;
  version: number;
}

/** Of two copies of a draft, the later one (every write bumps the version; an equal version counts as fresher). */
export function newerCopy<T extends Versioned>(current: T | undefined, incoming: T | undefined): T {
  if (!incoming) return current!;
  if (!current) return incoming;
  return current.version > incoming.version ? current : incoming;
}

export function mergeFreshPage<T extends Versioned>(loaded: T[], fresh: T[]): T[] {
  const onScreen = new Set(loaded.map((d) => d.id));
  const freshById = new Map(fresh.map((d) => [d.id, d]));
  const newBefore = new Map<number, T[]>();
  let waiting: T[] = [];
  for (const d of fresh) {
    if (!onScreen.has(d.id)) waiting.push(d);
    else if (waiting.length) {
      newBefore.set(d.id, waiting);
      waiting = [];
    }
  }
  const out: T[] = [];
  for (const d of loaded) out.push(...(newBefore.get(d.id) ?? []), newerCopy(d, freshById.get(d.id)));
  out.push(...waiting);
  return out;
}
