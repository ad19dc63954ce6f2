import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from "@/lib/format/date-time";

// Dates in text the server writes (a sentence, a title attribute) are in UTC and say so: the server does not know the
// viewer's zone. Where a date stands on its own, pages use <LocalTime> (local-time.tsx), which moves it to the viewer's
// zone in the browser. Both are lib/format/date-time.ts's one style.
export function formatDate(d: Date | string): string {
  return formatDateIn(d, "UTC");
}

export function formatDateTime(d: Date | string): string {
  return formatDateTimeIn(d, "UTC");
}

/** Markdown reduced to its words for a one-line excerpt: headings, emphasis, code marks, list bullets and link targets go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "");
}

export function excerpt(text: string | null | undefined, max = 80): string {
  if (!text) return "";
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
