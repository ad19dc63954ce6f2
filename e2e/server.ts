// Starts the built app with `next start` for the e2e run, on a fresh database: a new database on
// DATABASE_URL's server when it is set, otherwise the app's own embedded PostgreSQL in a temporary folder.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFreshDatabase } from "../test/int/fresh-database";

export const E2E_ENV_FILE = path.join("e2e", ".artifacts", "server-env.json");

export const FAKE_AGENT_SLUG = "fake-agent";

function writeFakeBackends(): string {
  const file = path.resolve("e2e", ".artifacts", "backends.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const agent = path.resolve("e2e", "fixtures", "fake-acp-agent.mjs");
  fs.writeFileSync(file, JSON.stringify([{ slug: FAKE_AGENT_SLUG, label: "Fake agent (tests)", binary: process.execPath, acpArgs: [agent], installHint: "ships with the tests" }]));
  return file;
}

export async function startServer(port: number) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    OUTREACH_AUTH: "on",
    AUTH_SECRET: "e2e-secret-0123456789abcdefghijklmnop",
    OUTREACH_CREDENTIALS_KEYS: "e2e:" + Buffer.alloc(32, 9).toString("base64"),
    LOG_LEVEL: "info",
    // X-Forwarded-Proto: https then stands for a TLS proxy in front (auth.spec.ts checks the Secure cookies).
    OUTREACH_TRUST_PROXY: "on",
    // The scripted fake ACP agent, registered the way a user adds a backend (docs/runners.md).
    OUTREACH_EXTRA_BACKENDS: writeFakeBackends(),
  };
  let dropDb: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (process.env.DATABASE_URL) {
    const fresh = await createFreshDatabase("e2e");
    env.DATABASE_URL = fresh.url;
    dropDb = fresh.drop;
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outreach-e2e-"));
    fs.chmodSync(dataDir, 0o755);
    env.OUTREACH_DATA_DIR = dataDir;
    env.OUTREACH_EMBEDDED_PG_PORT = String(port + 1000);
    delete env.DATABASE_URL;
  }
  fs.mkdirSync(path.dirname(E2E_ENV_FILE), { recursive: true });
  // Specs that run the CLI against the same database read this.
  fs.writeFileSync(E2E_ENV_FILE, JSON.stringify(pick(env, ["DATABASE_URL", "OUTREACH_DATA_DIR", "OUTREACH_EMBEDDED_PG_PORT", "OUTREACH_CREDENTIALS_KEYS"])));
  const child: ChildProcess = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"], {
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // The server's log is kept for the run (e2e/.artifacts/server.log), so a failing test can be read against it.
  const logFile = fs.createWriteStream(path.join("e2e", ".artifacts", "server.log"));
  child.stdout?.on("data", (d) => {
    output += d;
    logFile.write(d);
  });
  child.stderr?.on("data", (d) => {
    output += d;
    logFile.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited early:\n${output}`);
    try {
      const res = await fetch(`${base}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error(`next start did not become ready:\n${output}`);
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      logFile.end();
      await dropDb?.();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function pick(env: Record<string, string>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => env[k]).map((k) => [k, env[k]]));
}
