// Activity tab: the live log, newest first, with level and source filters, a search over message and meta, JSON
// export and a clear that asks first.
import { ACTIVITY_LEVELS, ACTIVITY_SOURCES, filterEntries, readActivity, type ActivityEntry, type ActivityFilter, type ActivityLevel, type ActivitySource } from "../activity-log";
import { sendToWorker } from "../messages";
import { KEYS } from "../storage";
import { h } from "./dom";
import type { PanelContext, View } from "./context";

// Kept across tab switches while the panel is open.
const filter: ActivityFilter = {};

export function activityView(ctx: PanelContext): View {
  const { t } = ctx;
  let entries: ActivityEntry[] = [];
  let confirming = false;
  const list = h("ol", { class: "log", "data-testid": "activity-list" });
  const count = h("p", { class: "muted small" });
  const actions = h("div", { class: "row" });

  const select = (label: string, testid: string, options: [string, string][], value: string | undefined, onChange: (v: string) => void) =>
    h(
      "label",
      { class: "field" },
      h("span", {}, label),
      h("select", { "data-testid": testid, onchange: (e: Event) => onChange((e.target as HTMLSelectElement).value) }, ...options.map(([v, text]) => h("option", { value: v, selected: v === (value ?? "") }, text))),
    );

  const controls = h(
    "div",
    { class: "filters" },
    select(t("activity.level"), "level-filter", [["", t("activity.all")], ...ACTIVITY_LEVELS.map((l): [string, string] => [l, t(`level.${l}`)])], filter.levels?.[0], (v) => {
      filter.levels = v ? [v as ActivityLevel] : undefined;
      paint();
    }),
    select(t("activity.source"), "source-filter", [["", t("activity.all")], ...ACTIVITY_SOURCES.map((s): [string, string] => [s, s])], filter.sources?.[0], (v) => {
      filter.sources = v ? [v as ActivitySource] : undefined;
      paint();
    }),
    h("input", {
      type: "search",
      class: "search",
      "data-testid": "activity-search",
      placeholder: t("activity.search"),
      "aria-label": t("activity.search"),
      value: filter.search ?? "",
      oninput: (e: Event) => {
        filter.search = (e.target as HTMLInputElement).value;
        paint();
      },
    }),
  );

  const paint = () => {
    const shown = filterEntries(entries, filter);
    count.textContent = t("activity.count", { shown: shown.length, total: entries.length });
    list.replaceChildren(
      ...(shown.length === 0 ? [h("li", { class: "empty muted" }, entries.length === 0 ? t("activity.empty") : t("activity.noMatch"))] : shown.map(row)),
    );
    actions.replaceChildren(
      ...(confirming
        ? [
            h("span", { class: "grow" }, t("activity.clearConfirm", { count: entries.length })),
            h("button", { class: "danger", "data-testid": "confirm-clear", onclick: () => void clear() }, t("activity.confirm")),
            h("button", { class: "ghost", onclick: () => ((confirming = false), paint()) }, t("activity.cancel")),
          ]
        : [
            h("button", { "data-testid": "export", onclick: exportJson, disabled: entries.length === 0 }, t("activity.export")),
            h("button", { class: "ghost", "data-testid": "clear", onclick: () => ((confirming = true), paint()), disabled: entries.length === 0 }, t("activity.clear")),
          ]),
    );
  };

  const row = (e: ActivityEntry) =>
    h(
      "li",
      { class: `entry ${e.level}`, "data-source": e.source, "data-level": e.level },
      h(
        "div",
        { class: "entry-head" },
        h("span", { class: `badge ${e.level}` }, t(`level.${e.level}`)),
        h("span", { class: "source" }, e.source),
        h("time", { datetime: e.at, class: "muted small" }, new Date(e.at).toLocaleString(ctx.locale)),
      ),
      h("div", { class: "message" }, e.message),
      e.meta ? h("details", {}, h("summary", { class: "muted small" }, "meta"), h("pre", {}, JSON.stringify(e.meta, null, 2))) : null,
    );

  const exportJson = () => {
    const blob = new Blob([JSON.stringify(entries, null, 2)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `outreach-activity-${new Date().toISOString().slice(0, 10)}.json` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  const clear = async () => {
    confirming = false;
    await sendToWorker({ type: "clear-activity" });
  };

  const load = async () => {
    entries = await readActivity();
    paint();
  };
  void load();
  return {
    element: h("div", { class: "stack" }, controls, count, actions, list),
    onStorageChange: (keys) => {
      if (keys.includes(KEYS.activity)) void load();
    },
  };
}
