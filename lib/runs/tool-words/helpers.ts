// The shared vocabulary of the tool-call words (lib/runs/tool-call-words.ts): what a label is built from, and the
// small readers and phrases every tool's entry uses.

/** What a label is built from: the call's input and its answer, both as the agent tool server wrote them. */
export interface ToolFacts {
  input: Record<string, unknown>;
  /** The answer parsed as JSON, when it was JSON (our tools answer a JSON document). */
  output: Record<string, unknown> | null;
  /** The answer as text (its first line is a fallback result). */
  text: string | null;
}

export interface ToolWords {
  /** While the call runs: what the agent is doing. */
  doing: (f: ToolFacts) => string;
  /** Once it answered: what the agent did, with the figures the answer gives. */
  done: (f: ToolFacts) => string;
  /** After a failure: "Could not …". */
  attempt: (f: ToolFacts) => string;
  /** One line of what came of it, or null when the label says it all. */
  result?: (f: ToolFacts) => string | null;
}

export const arr = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
export const obj = (v: unknown): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
export const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
export const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** "1 person", "3 people"; `many` defaults to the noun plus "s". */
export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** "8 people" from an input list, or "people" when the input has no such list (an older log, another agent's shape). */
export function howMany(list: unknown, one: string, many: string): string {
  const n = arr(list)?.length;
  return n === undefined ? many : count(n, one, many);
}

/** "a", "a and b", "a, b and 2 more". */
export function listOf(items: string[], max = 3): string {
  if (items.length <= 1) return items[0] ?? "";
  if (items.length <= max) return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
  return `${items.slice(0, max).join(", ")} and ${items.length - max} more`;
}

export const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
export const strings = (v: unknown) => (arr(v) ?? []).map(str).filter((s): s is string => s !== null);

/** "Quality 74/100" from the score the agent gave a body it wrote. */
export function quality(input: Record<string, unknown>): string | null {
  const score = num(input.qualityScore);
  return score !== null ? `Quality ${score}/100` : null;
}
