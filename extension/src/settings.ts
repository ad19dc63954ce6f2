// Extension settings (SPEC "Extension settings"): stored as one object, always read through `normalizeSettings`
// so a missing, partial or outdated value (an older build, a hand-edited store) becomes a valid one.
import type { Language } from "./i18n";
import { languageFromUi } from "./i18n";
import { KEYS, read, write } from "./storage";

export const INTERVALS = [5, 10, 15, 30] as const;
export type IntervalMinutes = (typeof INTERVALS)[number];
export type Theme = "light" | "dark" | "system";
export type Density = "compact" | "comfortable";

export interface Settings {
  theme: Theme;
  density: Density;
  language: Language;
  intervalMinutes: IntervalMinutes;
  legacyPoller: boolean;
  chatPoller: boolean;
}

export function defaultSettings(uiLanguage: string): Settings {
  return { theme: "system", density: "comfortable", language: languageFromUi(uiLanguage), intervalMinutes: 5, legacyPoller: true, chatPoller: true };
}

/**
 * Any stored value to valid settings. Unknown fields are dropped, invalid values take their default, an interval
 * that is not one of the choices snaps to the nearest allowed one, and the language only comes from the browser UI
 * when none was ever stored (after that the stored choice wins).
 */
export function normalizeSettings(stored: unknown, uiLanguage: string): Settings {
  const d = defaultSettings(uiLanguage);
  const s = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const oneOf = <T>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  return {
    theme: oneOf(s.theme, ["light", "dark", "system"] as const, d.theme),
    density: oneOf(s.density, ["compact", "comfortable"] as const, d.density),
    language: oneOf(s.language, ["en", "it"] as const, d.language),
    intervalMinutes: nearestInterval(s.intervalMinutes, d.intervalMinutes),
    legacyPoller: typeof s.legacyPoller === "boolean" ? s.legacyPoller : d.legacyPoller,
    chatPoller: typeof s.chatPoller === "boolean" ? s.chatPoller : d.chatPoller,
  };
}

function nearestInterval(value: unknown, fallback: IntervalMinutes): IntervalMinutes {
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n <= 0) return fallback;
  return INTERVALS.reduce((best, i) => (Math.abs(i - n) < Math.abs(best - n) ? i : best), INTERVALS[0]);
}

export async function loadSettings(): Promise<Settings> {
  return normalizeSettings(await read(KEYS.settings), chrome.i18n.getUILanguage());
}

/** Loads, applies the change and stores the full normalised object (so the first save persists the language). */
export async function saveSettings(change: Partial<Settings>): Promise<Settings> {
  const next = normalizeSettings({ ...(await loadSettings()), ...change }, chrome.i18n.getUILanguage());
  await write(KEYS.settings, next);
  return next;
}
