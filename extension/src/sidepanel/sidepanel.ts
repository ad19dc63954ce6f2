// The side panel: three tabs (Dashboard, Activity, Settings), themed and translated from the stored settings.
// `system` theme follows the OS colour scheme live; any storage change re-renders the view that shows it.
import { loadSettings, type Settings } from "../settings";
import { KEYS } from "../storage";
import { activityView } from "./activity-view";
import { makeContext, type PanelContext, type View } from "./context";
import { dashboardView } from "./dashboard-view";
import { h } from "./dom";
import { settingsView } from "./settings-view";

type TabId = "dashboard" | "activity" | "settings";
const TABS: TabId[] = ["dashboard", "activity", "settings"];
const VIEWS: Record<TabId, (ctx: PanelContext) => View> = { dashboard: dashboardView, activity: activityView, settings: settingsView };

const initial = new URLSearchParams(location.search).get("tab");
let current: TabId = TABS.includes(initial as TabId) ? (initial as TabId) : "dashboard";
let view: View | null = null;
let settings: Settings;
const darkQuery = matchMedia("(prefers-color-scheme: dark)");

function applyAppearance() {
  const dark = settings.theme === "dark" || (settings.theme === "system" && darkQuery.matches);
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  document.documentElement.dataset.density = settings.density;
  document.documentElement.lang = settings.language;
}

async function render() {
  settings = await loadSettings();
  applyAppearance();
  const ctx = makeContext(settings, render);
  document.title = ctx.t("app.title");
  document.getElementById("title")!.textContent = ctx.t("app.title");
  document.getElementById("tabs")!.replaceChildren(
    ...TABS.map((id) =>
      h("button", { role: "tab", id: `tab-${id}`, "aria-selected": String(id === current), class: id === current ? "tab on" : "tab", onclick: () => ((current = id), void render()) }, ctx.t(`tab.${id}`)),
    ),
  );
  view = VIEWS[current](ctx);
  document.getElementById("view")!.replaceChildren(view.element);
}

darkQuery.addEventListener("change", () => settings && applyAppearance());
chrome.storage.onChanged.addListener((changes, area) => {
  if (area !== "local") return;
  const keys = Object.keys(changes);
  // Settings saved elsewhere (another panel, a reset) re-render everything; the rest goes to the view.
  if (keys.includes(KEYS.settings) && current !== "settings") void render();
  else view?.onStorageChange?.(keys);
});
void render();
