// Whether the cloud runner can run here (GET /api/runners): a relay URL and a cloud runner token are configured, and
// the relay answers a probe hello, which checks the token. Cached with the other runners' detection.
import WebSocket from "ws";
import { CLOSE, parseFrame } from "@/lib/relay-protocol/protocol";
import type { CloudSettings } from "@/lib/runners/cloud/cloud-settings";
import { isCloudEdition } from "@/lib/edition/edition";

export interface CloudProbe {
  available: boolean;
  version: string | null;
  reason: string | null;
  /** The model the relay's agent runs, as the relay announces it (what a cloud customer's runs use). */
  model?: string | null;
}

const PROBE_TIMEOUT_MS = 5_000;

export function probeCloudRunner(settings: CloudSettings | null): Promise<CloudProbe> {
  if (!settings) return Promise.resolve({ available: false, version: null, reason: notSetUpReason() });
  const { relayUrl, token } = settings;
  const host = safeHost(relayUrl);
  return new Promise<CloudProbe>((resolve) => {
    let settled = false;
    const settle = (p: CloudProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      ws.removeAllListeners();
      ws.on("error", () => undefined);
      ws.terminate();
      resolve(p);
    };
    const ws = new WebSocket(relayUrl, { handshakeTimeout: PROBE_TIMEOUT_MS, maxPayload: 64 * 1024 });
    const timer = setTimeout(() => settle({ available: false, version: null, reason: `The cloud runner relay at ${host} did not answer within ${PROBE_TIMEOUT_MS / 1000} s` }), PROBE_TIMEOUT_MS);
    ws.on("open", () => ws.send(JSON.stringify({ v: 1, type: "hello", seq: 0, token, probe: true })));
    ws.on("message", (data) => {
      const parsed = parseFrame(data.toString());
      if (!parsed.ok) return;
      const f = parsed.frame;
      if (f.type === "hello" && f.relay) settle({ available: true, version: `relay ${f.relay.version}, ${f.relay.backend}${f.relay.model ? ` (${f.relay.model})` : ""}`, reason: null, model: f.relay.model ?? null });
      if (f.type === "error" && f.code === "quota_exceeded") settle({ available: false, version: null, reason: `The cloud runner relay refused this installation's runs: ${f.message}` });
      if (f.type === "error") settle({ available: false, version: null, reason: `The cloud runner relay refused this installation's token: ${f.message}` });
    });
    ws.on("close", (code, reason) => {
      if (code === CLOSE.quotaExceeded) settle({ available: false, version: null, reason: `The cloud runner relay refused this installation's runs: ${reason.toString()}` });
      if (code === CLOSE.authFailed || code === CLOSE.tokenExpired || code === CLOSE.tokenRevoked) {
        settle({ available: false, version: null, reason: `The cloud runner relay refused this installation's token: ${reason.toString() || "not valid"}` });
      }
      settle({ available: false, version: null, reason: `The cloud runner relay at ${host} closed the connection` });
    });
    ws.on("error", (err) => settle({ available: false, version: null, reason: `Cannot reach the cloud runner relay at ${host} (${(err as NodeJS.ErrnoException).code ?? err.message})` }));
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}

/**
 * In the cloud edition this reason goes to the operator's log only (customers read a sentence of their own,
 * lib/runners/detect-runners.ts); there the relay is usually the one `npm run cloud` starts, which needs an agent.
 */
function notSetUpReason(): string {
  if (isCloudEdition()) {
    return "The cloud runner is not set up: no relay is configured (OUTREACH_CLOUD_RELAY_URL and OUTREACH_CLOUD_TOKEN). With npm run cloud, set RELAY_BACKEND, RELAY_MODEL and the agent's key, then start it again";
  }
  return "The cloud runner is not set up here: set OUTREACH_CLOUD_RELAY_URL and OUTREACH_CLOUD_TOKEN (a token from the cloud edition's Settings > Cloud runner); or choose a local runner";
}
