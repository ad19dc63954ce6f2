// The Tuning tab's unified line diff (SPEC "Campaign tuning"): both configs pretty-printed with sorted keys, so a
// reordered object is not shown as a change, then compared line by line.
import { diffLines } from "diff";

export type DiffLine = { type: "added" | "removed" | "same"; text: string };

export function configDiff(previous: unknown, generated: unknown): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const part of diffLines(pretty(previous), pretty(generated))) {
    const type = part.added ? "added" : part.removed ? "removed" : "same";
    for (const text of part.value.replace(/\n$/, "").split("\n")) lines.push({ type, text });
  }
  return lines;
}

function pretty(value: unknown): string {
  return `${JSON.stringify(sortKeys(value ?? {}), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  }
  return value;
}
