// `npm run relay`: the cloud runner relay service (docs/cloud-runner.md). Configured only by its environment; it has
// no database and keeps nothing on disk.
//   OUTREACH_RELAY_PORT          port to listen on (default 8790)
//   RELAY_BACKEND                the agent it runs: a runner slug (claude-code, codex, gemini, ... or an extra backend)
//   RELAY_MODEL                  the model it tells the backend to use (optional; the service's choice)
//   RELAY_TOKEN_PUBLIC_KEY       the cloud edition's Ed25519 public key (base64 DER), to verify tokens
//   RELAY_REVOKED_URL            optional: a URL answering a JSON array of revoked token ids, read every minute
//   RELAY_MAX_FRAME_BYTES        largest frame accepted (default 1 MB); a larger one closes the socket
//   RELAY_RESUME_GRACE_MS        how long a run waits for its client to come back (default 30000)
import { findLocalBackend } from "@/lib/runners/backends";
import { startRelay } from "./relay-server";
import { publicKeyFrom } from "./token";

const out = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, service: "runner-relay", ...fields })}\n`);

const env = process.env;
const backend = findLocalBackend(env.RELAY_BACKEND ?? "");
if (!backend) {
  out("error", `RELAY_BACKEND must name a runner this relay can start (got "${env.RELAY_BACKEND ?? ""}")`);
  process.exit(2);
}
if (!env.RELAY_TOKEN_PUBLIC_KEY) {
  out("error", "RELAY_TOKEN_PUBLIC_KEY is required: the cloud edition's public key, to verify cloud runner tokens");
  process.exit(2);
}

let revoked: ReadonlySet<string> = new Set();
async function refreshRevoked() {
  if (!env.RELAY_REVOKED_URL) return;
  try {
    const res = await fetch(env.RELAY_REVOKED_URL, { signal: AbortSignal.timeout(10_000) });
    if (res.ok) revoked = new Set((await res.json()) as string[]);
  } catch (err) {
    out("warn", "could not refresh the revoked tokens; keeping the last list", { error: (err as Error).message });
  }
}
await refreshRevoked();
setInterval(() => void refreshRevoked(), 60_000).unref();

const relay = await startRelay({
  port: Number(env.OUTREACH_RELAY_PORT ?? 8790),
  backend,
  model: env.RELAY_MODEL || null,
  publicKey: publicKeyFrom(env.RELAY_TOKEN_PUBLIC_KEY),
  revoked: () => revoked,
  maxFrameBytes: env.RELAY_MAX_FRAME_BYTES ? Number(env.RELAY_MAX_FRAME_BYTES) : undefined,
  resumeGraceMs: env.RELAY_RESUME_GRACE_MS ? Number(env.RELAY_RESUME_GRACE_MS) : undefined,
  log: (msg, fields) => out("info", msg, fields),
});
out("info", "relay listening", { port: relay.port, backend: backend.slug });
process.stdout.write(`RELAY_READY ${relay.port}\n`);

const stop = () => void relay.close().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
