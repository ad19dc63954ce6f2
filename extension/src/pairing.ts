// One-click pairing (SPEC 5.5), run from the side panel: ask for host permission on the dashboard tab's origin only,
// inject a small script into that tab that calls auto-pair with the tab's own session cookie, and keep the token
// keyed by the backend origin. Several backends can be paired at once.
import { updatePairings, type Pairing } from "./backends";
import { backendOrigin } from "./handoff";
import { sendToWorker } from "./messages";

export type PairOutcome = { ok: true; pairing: Pairing } | { ok: false; reason: "no-tab" | "denied" | "failed"; origin?: string; error?: string };

interface DeviceAnswer {
  status: number;
  body: { token?: string; deviceId?: number; deviceName?: string; organization?: string; message?: string; error?: string } | null;
}

/**
 * The tab to pair with: the active tab of the focused window, or, when the panel itself is open as a tab, the web
 * tab used most recently.
 */
export async function findDashboardTab(): Promise<chrome.tabs.Tab | undefined> {
  const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  if (active?.url && backendOrigin(active.url)) return active;
  const tabs = (await chrome.tabs.query({})).filter((t) => t.url && backendOrigin(t.url));
  return tabs.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

/** Must run inside the click handler: the permission prompt needs the user's gesture. */
export async function pairWithTab(tab: chrome.tabs.Tab, deviceName: string): Promise<PairOutcome> {
  const origin = tab.url ? backendOrigin(tab.url) : null;
  if (!origin || tab.id === undefined) return { ok: false, reason: "no-tab" };
  const granted = await chrome.permissions.request({ origins: [`${origin}/*`] });
  if (!granted) return { ok: false, reason: "denied", origin };

  return pairInTab(tab.id, origin, deviceName, (level, message, meta) => sendToWorker({ type: "log", source: "pairing", level, message, meta }));
}

type PairingLog = (level: "info" | "error", message: string, meta: Record<string, unknown>) => Promise<unknown>;

/**
 * The injection half of pairing, shared with the cloud edition's automatic pairing (run by the worker, which logs
 * directly). The extension must already hold host permission for `origin`.
 */
export async function pairInTab(tabId: number, origin: string, deviceName: string, log: PairingLog): Promise<PairOutcome> {
  const [injected] = await chrome.scripting.executeScript({ target: { tabId }, func: autoPairInPage, args: [deviceName] });
  const answer = injected?.result as DeviceAnswer | undefined;
  if (!answer || answer.status !== 201 || !answer.body?.token) {
    const error = answer?.status === 401 ? "sign in to this dashboard first" : (answer?.body?.message ?? answer?.body?.error ?? `HTTP ${answer?.status ?? 0}`);
    await log("error", `Pairing with ${origin} failed: ${error}`, { backend: origin, httpStatus: answer?.status });
    return { ok: false, reason: "failed", origin, error };
  }
  const pairing: Pairing = {
    backend: origin,
    token: answer.body.token,
    deviceId: answer.body.deviceId,
    deviceName: answer.body.deviceName,
    organization: answer.body.organization,
    pairedAt: new Date().toISOString(),
    status: "ok",
    checkedAt: new Date().toISOString(),
  };
  await updatePairings((all) => {
    all[origin] = pairing;
  });
  await log("info", `Paired with ${origin}`, { backend: origin, deviceId: pairing.deviceId, organization: pairing.organization });
  return { ok: true, pairing };
}

export async function disconnect(backend: string): Promise<void> {
  await updatePairings((all) => {
    delete all[backend];
  });
  await sendToWorker({ type: "log", source: "pairing", level: "info", message: `Disconnected from ${backend}`, meta: { backend } });
}

/** Injected into the dashboard tab: same origin, so the session cookie goes along and no CORS applies. */
async function autoPairInPage(name: string): Promise<DeviceAnswer> {
  try {
    const res = await fetch("/api/extension/auto-pair", { method: "POST", credentials: "include", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
    const text = await res.text();
    let body: DeviceAnswer["body"] = null;
    try {
      body = JSON.parse(text) as DeviceAnswer["body"];
    } catch {
      body = { error: text.slice(0, 200) };
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, body: { error: err instanceof Error ? err.message : String(err) } };
  }
}
