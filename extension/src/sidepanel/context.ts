// What every side panel view gets: the current settings and the translator for their language.
import { translate, type MessageKey } from "../i18n";
import type { Settings } from "../settings";

export interface PanelContext {
  settings: Settings;
  t: (key: MessageKey, params?: Record<string, string | number>) => string;
  locale: string;
  /** Re-renders the whole panel (after a language change, a reset). */
  refresh: () => Promise<void>;
}

export function makeContext(settings: Settings, refresh: () => Promise<void>): PanelContext {
  return {
    settings,
    t: (key, params) => translate(settings.language, key, params),
    locale: settings.language === "it" ? "it-IT" : "en-GB",
    refresh,
  };
}

export interface View {
  element: HTMLElement;
  /** Called when extension storage changes; views that show live data re-read it. */
  onStorageChange?: (keys: string[]) => void;
}
