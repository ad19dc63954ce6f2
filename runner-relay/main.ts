// `npm run relay`: the cloud runner relay service (docs/cloud-runner.md). Configured only by its environment; it has
// no database and keeps nothing on disk.
//   OUTREACH_RELAY_PORT          port to listen on (default 8790)
//   RELAY_HOST                   the address to listen on (default 0.0.0.0; `npm run cloud` uses 127.0.0.1)
//   RELAY_BACKEND                the agent it runs: a runner slug (claude-code, codex, gemini, ... or an extra backend)
//   RELAY_MODEL                  the model it tells the backend to use (optional; the service's choice)
//   RELAY_TOKEN_PUBLIC_KEY       the cloud edition's Ed25519 public key (base64 DER), to verify tokens
//   RELAY_REVOKED_URL            optional: the cloud edition's /api/cloud-runner/revocations (or any URL answering a
//                                JSON array of revoked token ids), read at start and every minute (every 2 s until
//                                it has answered once: the cloud edition may come up after its relay)
//   RELAY_REVOKED_REFRESH_MS     how often that list is read again (default 60000)
//   RELAY_USAGE_URL              optional: the cloud edition's /api/cloud-runner/usage, told of every finished run
//   RELAY_REPORT_SECRET          the secret those reports carry (the cloud edition's OUTREACH_RELAY_REPORT_SECRET)
//   RELAY_MAX_FRAME_BYTES        largest frame accepted (default 1 MB); a larger one closes the socket
//   RELAY_RESUME_GRACE_MS        how long a run waits for its client to come back (default 30000)
//   RELAY_HIGH_WATER_BYTES       bytes waiting on a client's socket above which its agent is held (default 1 MB)
//   RELAY_AGENT_HOME             optional: the HOME agents get (where their CLI keeps its sign-in); by default an
//                                empty folder of each run's
//   RELAY_AGENT_ENV              optional: more variables handed to agents, comma-separated (e.g. HTTPS_PROXY);
//                                RELAY_* and OUTREACH_* names are refused. Agents otherwise get PATH, LANG and their
//                                backend's own credentials only.
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { findLocalBackend } from "@/lib/runners/backends";
import { startRelay } from "./relay-server";
import { publicKeyFrom } from "@/lib/relay-protocol/token";
import { ZRevocationList } from "@/lib/relay-protocol/reports";
import { usageReporter } from "./usage-reporter";

const out = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, service: "runner-relay", ...fields })}\n`);

const ZRelayEnv = z.object({
  OUTREACH_RELAY_PORT: z.coerce.number().int().min(0).max(65535).default(8790),
  RELAY_HOST: z.string().min(1).default("0.0.0.0"),
  RELAY_BACKEND: z.string({ error: "RELAY_BACKEND is required: the runner this relay starts" }).min(1),
  RELAY_MODEL: z.string().optional().transform((v) => v || null),
  RELAY_TOKEN_PUBLIC_KEY: z.string({ error: "RELAY_TOKEN_PUBLIC_KEY is required: the public key that verifies cloud runner tokens" }).min(1),
  RELAY_REVOKED_URL: z.url().optional(),
  RELAY_REVOKED_REFRESH_MS: z.coerce.number().int().min(500).default(60_000),
  RELAY_MAX_FRAME_BYTES: z.coerce.number().int().min(1024).optional(),
  RELAY_RESUME_GRACE_MS: z.coerce.number().int().min(1000).optional(),
  RELAY_HIGH_WATER_BYTES: z.coerce.number().int().min(1024).optional(),
  RELAY_USAGE_URL: z.url().optional(),
  RELAY_REPORT_SECRET: z.string().min(16).optional(),
  RELAY_AGENT_HOME: z.string().startsWith("/", "RELAY_AGENT_HOME must be an absolute path").optional().or(z.literal("").transform(() => undefined)),
  RELAY_AGENT_ENV: z
    .string()
    .optional()
    .transform((v) => (v ?? "").split(",").map((s) => s.trim()).filter(Boolean))
    .refine((names) => names.every((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n)), "RELAY_AGENT_ENV must be a comma-separated list of variable names")
    // The relay's own settings hold its report secret and its view of the service: never an agent's business.
    .refine((names) => !names.some((n) => /^(RELAY_|OUTREACH_)/.test(n)), "RELAY_AGENT_ENV cannot hand RELAY_* or OUTREACH_* variables to agents"),
}).refine((e) => !e.RELAY_USAGE_URL || e.RELAY_REPORT_SECRET, { message: "RELAY_USAGE_URL needs RELAY_REPORT_SECRET", path: ["RELAY_REPORT_SECRET"] });

const parsed = ZRelayEnv.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) out("error", `${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
const env = parsed.data;
const backend = findLocalBackend(env.RELAY_BACKEND);
if (!backend) {
  out("error", `RELAY_BACKEND must name a runner this relay can start (got "${env.RELAY_BACKEND}")`);
  process.exit(2);
}
let publicKey: KeyObject;
try {
  publicKey = publicKeyFrom(env.RELAY_TOKEN_PUBLIC_KEY);
} catch {
  out("error", "RELAY_TOKEN_PUBLIC_KEY is not an Ed25519 public key in base64 DER (make one with `npm run relay:token -- keygen`)");
  process.exit(2);
}

let revoked: ReadonlySet<string> = new Set();
let blocked: ReadonlyMap<string, string> = new Map();
/** Until the list has answered once, it is asked for every 2 s, and only the first failure is logged. */
const FIRST_READ_RETRY_MS = 2_000;
let listRead = false;
let failedFirstReads = 0;
async function refreshRevoked() {
  if (!env.RELAY_REVOKED_URL) return;
  let problem: { msg: string; fields: Record<string, unknown> };
  try {
    const res = await fetch(env.RELAY_REVOKED_URL, { signal: AbortSignal.timeout(10_000) });
    const list = res.ok ? ZRevocationList.safeParse(await res.json()) : null;
    if (list?.success) {
      revoked = new Set(list.data.revoked);
      blocked = new Map(list.data.blocked.map((b) => [b.jti, b.message]));
      if (!listRead) out("info", "read the revoked tokens list", { revoked: revoked.size, blocked: blocked.size });
      listRead = true;
      return;
    }
    problem = { msg: "the revoked tokens list did not answer a list of ids; keeping the last list", fields: { status: res.status } };
  } catch (err) {
    problem = { msg: "could not refresh the revoked tokens; keeping the last list", fields: { error: (err as Error).message } };
  }
  // Once a list was read, a failure keeps it (and says so); before, there is none to keep yet.
  if (listRead) out("warn", problem.msg, problem.fields);
  else if (++failedFirstReads === 1) out("info", `the revoked tokens list does not answer yet; asking again every ${FIRST_READ_RETRY_MS / 1000} s until it does`, problem.fields);
}
await refreshRevoked();
setInterval(() => void refreshRevoked(), env.RELAY_REVOKED_REFRESH_MS).unref();
if (env.RELAY_REVOKED_URL && !listRead) {
  const retry: NodeJS.Timeout = setInterval(() => void refreshRevoked().then(() => listRead && clearInterval(retry)), Math.min(FIRST_READ_RETRY_MS, env.RELAY_REVOKED_REFRESH_MS));
  retry.unref();
}

const relay = await startRelay({
  port: env.OUTREACH_RELAY_PORT,
  host: env.RELAY_HOST,
  backend,
  model: env.RELAY_MODEL,
  agentHome: env.RELAY_AGENT_HOME ?? null,
  agentEnv: env.RELAY_AGENT_ENV,
  publicKey,
  revoked: () => revoked,
  blocked: () => blocked,
  onRunEnded: env.RELAY_USAGE_URL ? usageReporter({ url: env.RELAY_USAGE_URL, secret: env.RELAY_REPORT_SECRET!, log: (level, msg, fields) => out(level, msg, fields) }) : undefined,
  maxFrameBytes: env.RELAY_MAX_FRAME_BYTES,
  resumeGraceMs: env.RELAY_RESUME_GRACE_MS,
  highWaterMark: env.RELAY_HIGH_WATER_BYTES,
  log: (msg, fields) => out("info", msg, fields),
});
out("info", "relay listening", { host: env.RELAY_HOST, port: relay.port, backend: backend.slug });
process.stdout.write(`RELAY_READY ${relay.port}\n`);

const stop = () => void relay.close().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
