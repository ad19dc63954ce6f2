// Starts the built app with `next start` for the e2e run, on a fresh database: a new database on
// DATABASE_URL's server when it is set, otherwise the app's own embedded PostgreSQL in a temporary folder.
// startApp is also used by specs that run app instances of their own (the scheduler's, on databases of their own).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDatabase } from "../test/int/fresh-database";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "../lib/relay-protocol/token";
import { E2E_ARTIFACTS } from "../playwright.config";

export const E2E_ENV_FILE = path.join(E2E_ARTIFACTS, "server-env.json");
/** Where cloud-runner.spec.ts finds the relay's port and public key (the server holds a token they verify). */
export const E2E_RELAY_FILE = path.join(E2E_ARTIFACTS, "cloud-relay.json");

export const FAKE_AGENT_SLUG = "fake-agent";

export function writeFakeBackends(): string {
  const file = path.resolve(E2E_ARTIFACTS, "backends.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const agent = path.resolve("e2e", "fixtures", "fake-acp-agent.mjs");
  fs.writeFileSync(file, JSON.stringify([{ slug: FAKE_AGENT_SLUG, label: "Fake agent (tests)", binary: process.execPath, acpArgs: [agent], installHint: "ships with the tests" }]));
  return file;
}

/** The environment every e2e app instance shares: production mode, the test keys, the fake agent as a backend. */
export function baseAppEnv(): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    AUTH_SECRET: "e2e-secret-0123456789abcdefghijklmnop",
    OUTREACH_CREDENTIALS_KEYS: "e2e:" + Buffer.alloc(32, 9).toString("base64"),
    LOG_LEVEL: "info",
    // The scripted fake ACP agent, registered the way a user adds a backend (docs/runners.md).
    OUTREACH_EXTRA_BACKENDS: writeFakeBackends(),
    // Specs re-detect runners to set the state they need (the throttle itself is tested in runner-policy.int).
    OUTREACH_REDETECT_INTERVAL_MS: "0",
    // No balancer in front: a stop need not wait for one to move away (graceful-stop.spec.ts sets one to check it).
    OUTREACH_DRAIN_DELAY_MS: "0",
  };
}

export interface AppInstance {
  base: string;
  pid: number;
  /** A clean stop (SIGTERM), waiting for the process to exit. */
  stop(): Promise<void>;
  /** A crash: SIGKILL, nothing cleaned up. */
  kill9(): Promise<void>;
}

/** Starts `next start` on `port` with `env`, its log in e2e/.artifacts/<logName>.log, and waits until it serves. */
/** A failed start's log for the error message: stack frames folded (an async chain can print hundreds), so the
 * message that says why is what a reader sees first; the whole log stays in e2e/.artifacts. */
function readable(output: string): string {
  const lines = output.split("\n").filter((line, i, all) => !(/^\s+at /.test(line) && /^\s+at /.test(all[i - 3] ?? "")));
  const text = lines.join("\n");
  return text.length > 6000 ? `${text.slice(0, 4000)}\n…\n${text.slice(-2000)}` : text;
}

export async function startApp({ port, env, logName }: { port: number; env: Record<string, string>; logName: string }): Promise<AppInstance> {
  // The keep-alive timeout as `npm start` sets it (scripts/start.mjs): at Node's 5 s, a request the test's client sent
  // on a socket the server was closing that instant was reset (ECONNRESET), now and then on two busy cores.
  const child: ChildProcess = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"], {
    env: { ...env, PORT: String(port) } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // The server's log is kept for the run, so a failing test can be read against what the server did.
  fs.mkdirSync(path.join(E2E_ARTIFACTS), { recursive: true });
  const logFile = fs.createWriteStream(path.join(E2E_ARTIFACTS, `${logName}.log`), { flags: "a" });
  const record = (d: Buffer) => {
    output += d;
    logFile.write(d);
  };
  child.stdout?.on("data", record);
  child.stderr?.on("data", record);
  const exited = new Promise((r) => child.once("exit", r));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${readable(output)}`);
    try {
      const res = await fetch(`${base}/login`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() >= deadline) {
      child.kill("SIGKILL");
      throw new Error(`next start did not become ready:\n${readable(output)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    logFile.end();
  };
  return { base, pid: child.pid!, stop: () => end("SIGTERM"), kill9: () => end("SIGKILL") };
}

export async function startServer(port: number) {
  const env: Record<string, string> = {
    ...baseAppEnv(),
    OUTREACH_AUTH: "on",
    // X-Forwarded-Proto: https then stands for a TLS proxy in front (auth.spec.ts checks the Secure cookies).
    OUTREACH_TRUST_PROXY: "on",
    // Background jobs would start insight runs and scheduled runs under the specs' feet on the hour; the scheduler
    // has its own spec, with app instances of its own (scheduler.spec.ts).
    OUTREACH_JOBS: "off",
    // The cloud runner's relay is not running until cloud-runner.spec.ts starts one on this port.
    ...cloudRunnerEnv(port + 7),
  };
  let dropDb: (() => Promise<void>) | undefined;
  // A data directory of this run either way: uploaded project sources are unpacked there (never into the checkout's
  // .data), and without DATABASE_URL the embedded PostgreSQL lives there too.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-e2e-"));
  fs.chmodSync(dataDir, 0o755);
  env.OUTREACH_DATA_DIR = dataDir;
  if (process.env.DATABASE_URL) {
    const fresh = await createFreshDatabase("e2e");
    env.DATABASE_URL = fresh.url;
    dropDb = fresh.drop;
  } else {
    env.OUTREACH_EMBEDDED_PG_PORT = String(port + 1000);
    delete env.DATABASE_URL;
  }
  fs.mkdirSync(path.dirname(E2E_ENV_FILE), { recursive: true });
  // Specs that run the CLI against the same database read this.
  fs.writeFileSync(E2E_ENV_FILE, JSON.stringify(pick(env, ["DATABASE_URL", "OUTREACH_DATA_DIR", "OUTREACH_EMBEDDED_PG_PORT", "OUTREACH_CREDENTIALS_KEYS"])));
  fs.rmSync(path.join(E2E_ARTIFACTS, "server.log"), { force: true });
  const app = await startApp({ port, env, logName: "server" });
  return {
    base: app.base,
    async stop() {
      await app.stop();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A key pair for the e2e relay (its public half for the spec), and the server's token signed with the private half. */
function cloudRunnerEnv(relayPort: number): Record<string, string> {
  const keys = generateCloudKeyPair();
  const { token } = signCloudToken({ org: 1, ttlSeconds: 24 * 3600 }, privateKeyFrom(keys.privateKey));
  fs.mkdirSync(path.dirname(E2E_RELAY_FILE), { recursive: true });
  fs.writeFileSync(E2E_RELAY_FILE, JSON.stringify({ port: relayPort, publicKey: keys.publicKey }));
  return { OUTREACH_CLOUD_RELAY_URL: `ws://127.0.0.1:${relayPort}`, OUTREACH_CLOUD_TOKEN: token };
}

function pick(env: Record<string, string>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => env[k]).map((k) => [k, env[k]]));
}
