// Settings tab: appearance (theme, density, language), sync (interval, the two pollers) and the data actions.
// Every change is saved at once; the worker re-applies the alarm when settings change.
import { LANGUAGES, type Language } from "../i18n";
import { sendToWorker } from "../messages";
import { INTERVALS, saveSettings, type Density, type IntervalMinutes, type Settings, type Theme } from "../settings";
import { card, h } from "./dom";
import type { PanelContext, View } from "./context";

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", it: "Italiano" };

export function settingsView(ctx: PanelContext): View {
  const { t, settings } = ctx;
  let confirming: "clear" | "reset" | null = null;

  const change = async (patch: Partial<Settings>, label: string) => {
    await saveSettings(patch);
    await sendToWorker({ type: "log", source: "settings", level: "info", message: `Setting changed: ${label}`, meta: patch as Record<string, unknown> });
    await ctx.refresh();
  };

  const segmented = <T extends string>(name: string, label: string, options: [T, string][], value: T, onPick: (v: T) => void) =>
    h(
      "fieldset",
      { class: "segmented", "data-testid": name },
      h("legend", {}, label),
      ...options.map(([v, text]) =>
        h("label", { class: v === value ? "on" : "" }, h("input", { type: "radio", name, value: v, checked: v === value, onchange: () => onPick(v) }), h("span", {}, text)),
      ),
    );

  const toggle = (testid: string, label: string, value: boolean, onFlip: (v: boolean) => void) =>
    h("label", { class: "toggle" }, h("input", { type: "checkbox", role: "switch", "data-testid": testid, checked: value, onchange: (e: Event) => onFlip((e.target as HTMLInputElement).checked) }), h("span", {}, label));

  const dataActions = () => {
    if (confirming) {
      const text = confirming === "clear" ? t("settings.clearLogConfirm") : t("settings.resetConfirm");
      return h(
        "div",
        { class: "notice error" },
        h("p", {}, text),
        h(
          "div",
          { class: "row" },
          h("button", { class: "danger", "data-testid": "confirm-data-action", onclick: () => void runDataAction() }, t("settings.confirm")),
          h("button", { class: "ghost", onclick: () => ((confirming = null), void ctx.refresh()) }, t("settings.cancel")),
        ),
      );
    }
    return h(
      "div",
      { class: "stack tight" },
      h("div", { class: "row" }, h("button", { "data-testid": "clear-log", onclick: () => ((confirming = "clear"), rerender()) }, t("settings.clearLog"))),
      h("div", { class: "row" }, h("button", { class: "danger", "data-testid": "reset", onclick: () => ((confirming = "reset"), rerender()) }, t("settings.reset"))),
      h("p", { class: "muted small" }, t("settings.resetHint")),
    );
  };

  const runDataAction = async () => {
    const action = confirming;
    confirming = null;
    await sendToWorker({ type: action === "reset" ? "reset" : "clear-activity" });
    await ctx.refresh();
  };

  const root = h("div", { class: "stack" });
  const rerender = () =>
    root.replaceChildren(
      card(
        t("settings.appearance"),
        segmented<Theme>("theme", t("settings.theme"), [["light", t("settings.theme.light")], ["dark", t("settings.theme.dark")], ["system", t("settings.theme.system")]], settings.theme, (theme) => void change({ theme }, `theme ${theme}`)),
        segmented<Density>("density", t("settings.density"), [["compact", t("settings.density.compact")], ["comfortable", t("settings.density.comfortable")]], settings.density, (density) => void change({ density }, `density ${density}`)),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("settings.language")),
          h(
            "select",
            { "data-testid": "language", onchange: (e: Event) => void change({ language: (e.target as HTMLSelectElement).value as Language }, `language ${(e.target as HTMLSelectElement).value}`) },
            ...LANGUAGES.map((l) => h("option", { value: l, selected: l === settings.language }, LANGUAGE_NAMES[l])),
          ),
        ),
      ),
      card(
        t("settings.sync"),
        h(
          "label",
          { class: "field" },
          h("span", {}, t("settings.interval")),
          h(
            "select",
            { "data-testid": "interval", onchange: (e: Event) => void change({ intervalMinutes: Number((e.target as HTMLSelectElement).value) as IntervalMinutes }, `interval ${(e.target as HTMLSelectElement).value} minutes`) },
            ...INTERVALS.map((n) => h("option", { value: n, selected: n === settings.intervalMinutes }, t("settings.minutes", { n }))),
          ),
        ),
        toggle("legacy-poller", t("settings.legacyPoller"), settings.legacyPoller, (legacyPoller) => void change({ legacyPoller }, `inbox feed poller ${legacyPoller ? "on" : "off"}`)),
        toggle("chat-poller", t("settings.chatPoller"), settings.chatPoller, (chatPoller) => void change({ chatPoller }, `chat poller ${chatPoller ? "on" : "off"}`)),
      ),
      card(t("settings.data"), dataActions()),
    );
  rerender();
  return { element: root };
}
