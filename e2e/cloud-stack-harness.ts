// Starting `npm run cloud` for a spec: its own command (package.json's `cloud` script), on free ports, with the log in
// e2e/.artifacts/cloud-stack.log, waiting for its ready line; and the environment of an operator's fresh machine.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { watchTree } from "../test/int/process-tree";
import { createFreshDatabase, type FreshDatabase } from "../test/int/fresh-database";
import { writeFakeBackends } from "./server";
import { E2E_ARTIFACTS } from "../playwright.config";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Stack {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Every process the stack started while it ran (children, the database server, agents). */
  seen: Set<number>;
}

const LOG = path.join(E2E_ARTIFACTS, "cloud-stack.log");

/** `npm run cloud`'s own command (package.json), so the pid is the supervisor's; waits for its ready line. */
export async function startStack(env: Record<string, string>): Promise<Stack> {
  fs.mkdirSync(path.dirname(LOG), { recursive: true });
  const log = fs.createWriteStream(LOG, { flags: "a" });
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/cloud.ts"], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const tree = watchTree(child.pid!);
  let out = "";
  const record = (c: Buffer) => {
    out += c.toString();
    log.write(c);
  };
  child.stdout!.on("data", record);
  child.stderr!.on("data", record);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      tree.stop();
      log.end();
      resolve(code);
    }),
  );
  const stack: Stack = { child, output: () => out, exited, seen: tree.seen };
  // Stopped by stopAllStacks (the spec's afterAll) whatever happens next.
  stacks.push(stack);
  // No build to make (the e2e tier made one), so well under the two minutes a first build could take.
  const deadline = Date.now() + 120_000;
  while (!/CLOUD_STACK_READY /.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm run cloud did not come up (exit code ${child.exitCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return stack;
}

export async function stopStack(stack: Stack): Promise<number | null> {
  if (stack.child.exitCode === null && stack.child.signalCode === null) stack.child.kill("SIGTERM");
  return stack.exited;
}


const stacks: Stack[] = [];

/** Every stack a spec started, stopped. */
export async function stopAllStacks(): Promise<void> {
  for (const s of stacks) await stopStack(s);
}

/**
 * The environment of an operator's fresh machine running `npm run cloud`: the scripted fake agent as the relay's agent,
 * nothing of the e2e server's own settings, and DATABASE_URL's server when the run has one (a fresh database on it),
 * else the stack's own embedded PostgreSQL on a free port.
 */
export async function stackEnv(dataDir: string, extra: Record<string, string> = {}): Promise<{ env: Record<string, string>; port: number; relayPort: number; database: FreshDatabase | null }> {
  const [port, relayPort, pgPort] = [await freePort(), await freePort(), await freePort()];
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    OUTREACH_DATA_DIR: dataDir,
    OUTREACH_RELAY_PORT: String(relayPort),
    RELAY_BACKEND: "fake-agent",
    RELAY_MODEL: "scripted",
    OUTREACH_EXTRA_BACKENDS: writeFakeBackends(),
    LOG_LEVEL: "info",
    ...extra,
  };
  for (const name of ["AUTH_SECRET", "OUTREACH_AUTH", "OUTREACH_EDITION", "OUTREACH_CREDENTIALS_KEYS", "OUTREACH_CLOUD_RELAY_URL", "OUTREACH_CLOUD_TOKEN", "OUTREACH_JOBS", "NODE_ENV"]) delete env[name];
  let database: FreshDatabase | null = null;
  if (process.env.DATABASE_URL) {
    database = await createFreshDatabase("cloudstack");
    env.DATABASE_URL = database.url;
  } else {
    delete env.DATABASE_URL;
    env.OUTREACH_EMBEDDED_PG_PORT = String(pgPort);
  }
  return { env, port, relayPort, database };
}
