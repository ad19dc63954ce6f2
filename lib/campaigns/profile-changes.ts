// What a generated profile changes, field by field and in words, for the Tuning tab: above the JSON line diff, a
// person reads "Tone: Friendly → Plain" and "Communities: added productivity" instead of brackets. Pure.
import { PROFILE_KEYS } from "@/lib/campaigns/profile-form";

export const PROFILE_FIELD_LABELS: Record<string, string> = {
  audience: "Audience",
  communities: "Communities",
  tone: "Tone",
  offer: "Offer",
  rules: "Rules",
  keywords: "Keywords",
  maxDraftsPerRun: "Drafts per run",
};

export type ProfileChange =
  | { key: string; label: string; kind: "text"; before: string | null; after: string | null }
  | { key: string; label: string; kind: "list"; added: string[]; removed: string[] };

const LIST_KEYS = new Set(["communities", "rules", "keywords"]);

function shown(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : JSON.stringify(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changes from `previous` to `next`: the form's fields in the form's order, then other keys by name. */
export function profileChanges(previous: unknown, next: unknown): ProfileChange[] {
  const a = (previous && typeof previous === "object" && !Array.isArray(previous) ? previous : {}) as Record<string, unknown>;
  const b = (next && typeof next === "object" && !Array.isArray(next) ? next : {}) as Record<string, unknown>;
  const others = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !(PROFILE_KEYS as readonly string[]).includes(k)).sort();
  const changes: ProfileChange[] = [];
  for (const key of [...PROFILE_KEYS, ...others]) {
    if (same(a[key], b[key])) continue;
    const label = PROFILE_FIELD_LABELS[key] ?? `“${key}”`;
    if (LIST_KEYS.has(key) && (Array.isArray(a[key]) || a[key] === undefined) && (Array.isArray(b[key]) || b[key] === undefined)) {
      const before = ((a[key] as unknown[] | undefined) ?? []).map((v) => shown(v) ?? "");
      const after = ((b[key] as unknown[] | undefined) ?? []).map((v) => shown(v) ?? "");
      const added = after.filter((v) => !before.includes(v));
      const removed = before.filter((v) => !after.includes(v));
      // Same entries in another order still count as a change; say it as such.
      changes.push(added.length + removed.length > 0 ? { key, label, kind: "list", added, removed } : { key, label, kind: "text", before: "in one order", after: "in another order" });
      continue;
    }
    changes.push({ key, label, kind: "text", before: shown(a[key]), after: shown(b[key]) });
  }
  return changes;
}
