/** Parses the campaign config textarea: it must be a JSON object. Returns an error message instead of throwing. */
export function parseConfigJson(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (err) {
    return { ok: false, message: `Config is not valid JSON: ${err instanceof Error ? err.message : "parse error"}` };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, message: "Config must be a JSON object, e.g. {}" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
