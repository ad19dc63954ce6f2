import { describe, expect, it } from "vitest";
import { defaultSettings, normalizeSettings } from "./settings";
import { languageFromUi, MESSAGES, translate, type Messages } from "./i18n";

describe("settings defaults and migration", () => {
  it("starts from the defaults, the language from the browser UI", () => {
    expect(normalizeSettings(undefined, "en-US")).toEqual({ theme: "system", density: "comfortable", language: "en", intervalMinutes: 5, legacyPoller: true, chatPoller: true });
    expect(normalizeSettings(undefined, "it-IT").language).toBe("it");
    expect(defaultSettings("it_CH").language).toBe("it");
  });

  it("keeps a stored language over the browser's", () => {
    expect(normalizeSettings({ language: "en" }, "it-IT").language).toBe("en");
  });

  it("fills a partial object and replaces invalid values with defaults", () => {
    expect(normalizeSettings({ theme: "dark", density: "tiny", language: "fr", legacyPoller: "yes", chatPoller: false, extra: 1 }, "en")).toEqual({
      theme: "dark",
      density: "comfortable",
      language: "en",
      intervalMinutes: 5,
      legacyPoller: true,
      chatPoller: false,
    });
  });

  it("snaps an interval that is not a choice to the nearest allowed one", () => {
    expect(normalizeSettings({ intervalMinutes: 15 }, "en").intervalMinutes).toBe(15);
    expect(normalizeSettings({ intervalMinutes: "10" }, "en").intervalMinutes).toBe(10);
    expect(normalizeSettings({ intervalMinutes: 1 }, "en").intervalMinutes).toBe(5);
    expect(normalizeSettings({ intervalMinutes: 20 }, "en").intervalMinutes).toBe(15);
    expect(normalizeSettings({ intervalMinutes: 600 }, "en").intervalMinutes).toBe(30);
    expect(normalizeSettings({ intervalMinutes: -3 }, "en").intervalMinutes).toBe(5);
    expect(normalizeSettings("garbage", "en").intervalMinutes).toBe(5);
  });
});

describe("i18n", () => {
  it("maps UI locales to the two languages", () => {
    expect(languageFromUi("it")).toBe("it");
    expect(languageFromUi("IT-it")).toBe("it");
    expect(languageFromUi("de-DE")).toBe("en");
    expect(languageFromUi("")).toBe("en");
  });

  it("translates and fills placeholders", () => {
    expect(translate("it", "tab.settings")).toBe("Impostazioni");
    expect(translate("en", "activity.count", { shown: 3, total: 10 })).toBe("3 of 10 entries");
    expect(translate("it", "activity.count", { shown: 3, total: 10 })).toBe("3 di 10 voci");
  });

  it("falls back to English for a key the language lacks", () => {
    const partial: Record<"en" | "it", Messages> = { en: MESSAGES.en, it: { "tab.dashboard": "Pannello" } };
    expect(translate("it", "tab.dashboard", {}, partial)).toBe("Pannello");
    expect(translate("it", "sync.now", {}, partial)).toBe("Sync now");
  });

  it("has an Italian string for every English key", () => {
    expect(Object.keys(MESSAGES.en).filter((k) => !(k in MESSAGES.it))).toEqual([]);
  });
});
