// Statuses, account notes and profile fields arrive as HTML. Tags are dropped (a hashtag link such as
// `<a …>#<span>nobot</span></a>` reads "#nobot"), block ends become line breaks and the common entities are decoded.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

export function htmlToText(html: string | null | undefined): string {
  if (!html) return "";
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6])>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith("#x")) return safeChar(parseInt(lower.slice(2), 16)) ?? whole;
      if (lower.startsWith("#") && lower !== "#39") return safeChar(parseInt(lower.slice(1), 10)) ?? whole;
      return ENTITIES[lower] ?? whole;
    })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function safeChar(code: number): string | null {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}
