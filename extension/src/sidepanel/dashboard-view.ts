// Dashboard tab: the Connection card (pairings with status dots, Pair with this tab, Disconnect), the sync card
// (last tick, channel states, Sync now) and the chat token state.
import { callBackend, listPairings, patchPairing, statusFromHttp, type Pairing } from "../backends";
import { config } from "../config";
import { getChatToken } from "../chat-token";
import { disconnect, findDashboardTab, pairWithTab } from "../pairing";
import { backendOrigin } from "../handoff";
import type { ChannelStatus, ChatState } from "../pollers";
import { sendToWorker } from "../messages";
import { KEYS, read } from "../storage";
import type { TickSummary } from "../sync";
import { card, h, when } from "./dom";
import type { PanelContext, View } from "./context";

export function dashboardView(ctx: PanelContext): View {
  const { t } = ctx;
  const root = h("div", { class: "stack" });
  let notice = "";
  let noticeLevel: "info" | "error" = "info";
  let syncNotice = "";
  let busy: "pair" | "sync" | null = null;

  const render = async () => {
    const [pairings, lastTick, chatState, token, tab] = await Promise.all([
      listPairings(), read<TickSummary>(KEYS.lastTick), read<ChatState>(KEYS.chatState), getChatToken(), findDashboardTab(),
    ]);
    // SPEC 5.6: the cloud edition pairs by itself on the first signed-in visit, so its tab gets no pairing button.
    const onCloud = config.cloudOrigin !== null && tab?.url !== undefined && backendOrigin(tab.url) === config.cloudOrigin;
    root.replaceChildren(connectionCard(pairings, onCloud), syncCard(lastTick), chatCard(chatState, token?.capturedAt));
  };

  const connectionCard = (pairings: Pairing[], onCloud: boolean) =>
    card(
      t("connection.title"),
      pairings.length === 0 ? h("p", { class: "muted", "data-testid": "no-pairings" }, t("connection.empty")) : h("ul", { class: "pairings" }, ...pairings.map(pairingRow)),
      onCloud
        ? h("p", { class: "muted small", "data-testid": "cloud-auto" }, t("connection.cloudAuto"))
        : h("div", { class: "row" }, h("button", { class: "primary", "data-testid": "pair", disabled: busy === "pair", onclick: () => void pair() }, busy === "pair" ? t("connection.pairing") : t("connection.pair"))),
      notice ? h("p", { class: `notice ${noticeLevel}`, role: "status" }, notice) : null,
    );

  const pairingRow = (p: Pairing) =>
    h(
      "li",
      { class: "pairing", "data-backend": p.backend },
      h("span", { class: `dot ${p.status}`, title: t(`status.${p.status}`), "aria-label": t(`status.${p.status}`) }),
      h(
        "div",
        { class: "grow" },
        h("div", { class: "strong" }, p.backend),
        h("div", { class: "muted small" }, [p.organization, t(`status.${p.status}`), p.lastSyncAt ? t("connection.lastSync", { time: when(p.lastSyncAt, t, ctx.locale) }) : t("connection.never")].filter(Boolean).join(" · ")),
      ),
      h("button", { class: "ghost", onclick: () => void disconnect(p.backend).then(render) }, t("connection.disconnect")),
    );

  const syncCard = (last: TickSummary | undefined) => {
    const channel = (on: boolean, status: ChannelStatus | undefined) => (on ? t(`channel.${status ?? "unknown"}`) : t("sync.off"));
    return card(
      t("sync.title"),
      h("p", { class: "muted" }, last ? t("sync.last", { time: when(last.at, t, ctx.locale) }) : t("sync.neverRun")),
      h(
        "dl",
        { class: "facts" },
        h("dt", {}, t("sync.legacy")),
        h("dd", { "data-testid": "legacy-status" }, channel(ctx.settings.legacyPoller, last?.legacy)),
        h("dt", {}, t("sync.chat")),
        h("dd", { "data-testid": "chat-status" }, channel(ctx.settings.chatPoller, last?.chat)),
      ),
      h("div", { class: "row" }, h("button", { "data-testid": "sync-now", disabled: busy === "sync", onclick: () => void syncNow() }, busy === "sync" ? t("sync.running") : t("sync.now"))),
      syncNotice ? h("p", { class: "notice info", role: "status" }, syncNotice) : null,
    );
  };

  const chatCard = (state: ChatState | undefined, capturedAt: string | undefined) =>
    card(
      t("chat.title"),
      state?.status === "unauthorized"
        ? h(
            "div",
            { class: "notice error", "data-testid": "chat-paused" },
            h("p", {}, t("chat.paused")),
            h("button", { onclick: () => void chrome.tabs.create({ url: config.platformOrigins[0] }) }, t("chat.open")),
          )
        : null,
      h("p", { class: "muted", "data-testid": "chat-token" }, capturedAt ? t("chat.captured", { time: when(capturedAt, t, ctx.locale) }) : t("chat.missing")),
    );

  const pair = async () => {
    busy = "pair";
    notice = "";
    await render();
    try {
      const tab = await findDashboardTab();
      const outcome = tab ? await pairWithTab(tab, `Chrome extension (${navigator.platform || "browser"})`) : ({ ok: false, reason: "no-tab" } as const);
      if (outcome.ok) [notice, noticeLevel] = [t("connection.paired", { origin: outcome.pairing.backend }), "info"];
      else if (outcome.reason === "no-tab") [notice, noticeLevel] = [t("connection.noTab"), "error"];
      else if (outcome.reason === "denied") [notice, noticeLevel] = [t("connection.denied", { origin: outcome.origin ?? "" }), "error"];
      else [notice, noticeLevel] = [t("connection.failed", { error: outcome.error ?? "" }), "error"];
    } catch (err) {
      [notice, noticeLevel] = [t("connection.failed", { error: err instanceof Error ? err.message : String(err) }), "error"];
    }
    busy = null;
    await render();
  };

  const syncNow = async () => {
    busy = "sync";
    await render();
    const summary = await sendToWorker<TickSummary>({ type: "sync-now" });
    syncNotice = t("sync.done", { items: summary.items, comments: summary.comments, backends: summary.backends.length });
    busy = null;
    await render();
  };

  // Refresh each backend's dot with a handshake when the panel opens (a revoked token shows as refused).
  void listPairings().then((pairings) =>
    Promise.all(
      pairings.map(async (p) => {
        const answer = await callBackend(p, "/api/extension/handshake", { method: "POST" });
        await patchPairing(p.backend, { status: statusFromHttp(answer.status), checkedAt: new Date().toISOString() });
      }),
    ),
  );
  void render();
  return { element: root, onStorageChange: () => void render() };
}
