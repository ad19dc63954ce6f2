// The service worker: alarms drive the sync tick, messages from the compose pages and the side panel arrive here,
// and the chat token is captured from the platform's own requests.
import { clearActivity, logActivity } from "./activity-log";
import { watchChatToken } from "./chat-token";
import { getPairing } from "./backends";
import { config } from "./config";
import { armDraft, resolveLink } from "./mark-sent";
import { composeSubmitted, pageSeen, tabClosed } from "./pending-sends";
import { pairInTab } from "./pairing";
import type { WorkerMessage } from "./messages";
import { loadSettings, saveSettings } from "./settings";
import { KEYS, remove } from "./storage";
import { runTick, updateBadge } from "./sync";

const ALARM = "outreach-sync";

async function applyAlarm(reason: string): Promise<void> {
  const { intervalMinutes } = await loadSettings();
  const existing = await chrome.alarms.get(ALARM);
  if (existing?.periodInMinutes === intervalMinutes) return;
  await chrome.alarms.create(ALARM, { periodInMinutes: intervalMinutes, delayInMinutes: intervalMinutes });
  await logActivity("system", "info", `Sync alarm set to every ${intervalMinutes} minutes (${reason})`, { intervalMinutes });
}

chrome.runtime.onInstalled.addListener((details) => {
  void (async () => {
    // Persist the settings once, so the language taken from the browser UI sticks from now on.
    await saveSettings({});
    await chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
    await logActivity("system", "info", `Extension ${details.reason === "install" ? "installed" : "updated"}`, { version: chrome.runtime.getManifest().version });
    await applyAlarm(details.reason);
  })();
});

chrome.runtime.onStartup.addListener(() => {
  void logActivity("system", "info", "Browser started").then(() => applyAlarm("startup"));
});

chrome.alarms.onAlarm.addListener((alarm) => {
  // Re-applying afterwards is a no-op for the periodic alarm and restores it if a one-shot alarm replaced it.
  if (alarm.name === ALARM) void runTick("alarm").finally(() => applyAlarm("after a tick"));
});

// Settings changes (from the side panel, or a reset) re-apply the alarm.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && KEYS.settings in changes) void applyAlarm("settings changed");
});

// A send waiting for its link in a tab that closes goes without it at once.
chrome.tabs.onRemoved.addListener((tabId) => tabClosed(tabId));

watchChatToken(() => {
  // A fresh token may end a paused chat: probe at once rather than waiting for the next alarm.
  void runTick("chat token captured");
});

chrome.runtime.onMessage.addListener((raw, sender, reply) => {
  const message = raw as WorkerMessage;
  // Content scripts may only report compose pages; the privileged messages come from the extension's own pages.
  const fromExtensionPage = sender.id === chrome.runtime.id && (sender.url ?? "").startsWith(chrome.runtime.getURL(""));
  void handle(message, fromExtensionPage, sender).then(reply, (err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : String(err) }));
  return true; // answer asynchronously
});

let cloudPairing: Promise<unknown> | null = null;

/** The cloud edition pairs by itself on the first signed-in visit; signed-out visits just try again next time. */
function pairCloud(sender: chrome.runtime.MessageSender): Promise<unknown> {
  const tabId = sender.tab?.id;
  if (!config.cloudOrigin || sender.origin !== config.cloudOrigin || tabId === undefined) return Promise.resolve({ ok: false });
  cloudPairing ??= (async () => {
    if (await getPairing(config.cloudOrigin!)) return { ok: true, already: true };
    return pairInTab(tabId, config.cloudOrigin!, "Browser extension (cloud)", async (level, message, meta) => {
      if (meta.httpStatus !== 401) await logActivity("pairing", level, message, meta);
    });
  })().finally(() => (cloudPairing = null));
  return cloudPairing;
}

async function handle(message: WorkerMessage, fromExtensionPage: boolean, sender: chrome.runtime.MessageSender): Promise<unknown> {
  switch (message.type) {
    case "cloud-visit":
      return pairCloud(sender);
    case "compose-opened": {
      const r = await resolveLink(message.link, "arm");
      return "handoff" in r ? armDraft(r.handoff) : r.failed;
    }
    case "compose-submitted": {
      const r = await resolveLink(message.link, "mark as sent");
      return "handoff" in r ? composeSubmitted(sender.tab?.id, r.handoff, message.sent) : r.failed;
    }
    case "page-seen":
      return pageSeen(sender.tab?.id, message.page);
    case "sync-now":
      return runTick("manual");
    case "log":
      if (!fromExtensionPage) return { ok: false };
      await logActivity(message.source, message.level, message.message, message.meta);
      return { ok: true };
    case "clear-activity":
      if (!fromExtensionPage) return { ok: false };
      await clearActivity();
      return { ok: true };
    case "reset":
      if (!fromExtensionPage) return { ok: false };
      await remove([KEYS.pairings, KEYS.settings, KEYS.chatToken, KEYS.chatState, KEYS.chatSince, KEYS.lastTick]);
      await clearActivity();
      await updateBadge("ok");
      await saveSettings({});
      await logActivity("system", "info", "Extension reset: pairings, settings and the activity log were wiped");
      return { ok: true };
  }
}
