// `npm run cloud`'s supervisor as a real process tree: a real relay process (runner-relay/main.ts, the scripted fake
// agent as its backend) and, in place of the dashboard (which needs a production build: e2e/cloud-stack.spec.ts runs
// the real one), a double that uses the environment the stack gave it the way the dashboard does: it probes the relay
// with its cloud runner token and serves the revocation list the relay reads. The stack's secrets are generated on the
// first start and reused on the second, a relay killed with SIGKILL is started again on its port, a dashboard that
// crashes ends the stack, and SIGTERM leaves no process of the stack behind.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";
import { probeCloudRunner, type CloudProbe } from "@/lib/runners/cloud/probe-cloud-runner";
import { STACK_SECRETS_FILE } from "@/scripts/cloud-stack/stack-secrets";
import { commandLine, descendants, survivors, watchTree } from "./process-tree";

const FAKE_AGENT = path.resolve("e2e", "fixtures", "fake-acp-agent.mjs");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cloud-stack-"));
  dirs.push(dir);
  return dir;
}

/** Every process any stack of this file started, for the check at the end. */
const started = new Set<number>();
const running: Stack[] = [];

interface Stack {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the stack's exit code. */
  exited: Promise<number | null>;
  get: <T>(route: string) => Promise<T>;
  post: (route: string) => Promise<void>;
  stop: () => Promise<number | null>;
}

/** Starts the supervisor with the double as its dashboard and waits for its ready line. */
async function startStack(env: Record<string, string | undefined>): Promise<Stack> {
  const port = await freePort();
  const base = { ...process.env };
  // The integration tier's own settings are not the operator's.
  for (const name of ["AUTH_SECRET", "OUTREACH_AUTH", "DATABASE_URL", "OUTREACH_CREDENTIALS_KEYS", "OUTREACH_EDITION"]) delete base[name];
  const child = spawn(process.execPath, ["--import", "tsx", "test/int/cloud-stack-child.ts"], {
    env: { ...base, LOG_LEVEL: "silent", PORT: String(port), ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const tree = watchTree(child.pid!);
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      tree.stop();
      for (const pid of tree.seen) started.add(pid);
      resolve(code);
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stack did not come up:\n${out}`)), 30_000);
    const check = () => {
      if (!/CLOUD_STACK_READY /.test(out)) return;
      clearTimeout(timer);
      child.stdout!.off("data", check);
      resolve();
    };
    child.stdout!.on("data", check);
    void exited.then((code) => reject(new Error(`the stack exited with ${code}:\n${out}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const stack: Stack = {
    child,
    port,
    output: () => out,
    exited,
    get: async <T,>(route: string) => (await (await fetch(`${origin}${route}`)).json()) as T,
    post: async (route) => void (await fetch(`${origin}${route}`, { method: "POST" })),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  running.push(stack);
  return stack;
}

function fakeAgentBackends(): string {
  const file = path.join(tempDir(), "backends.json");
  fs.writeFileSync(file, JSON.stringify([{ slug: "fake-agent", label: "Fake agent (tests)", binary: process.execPath, acpArgs: [FAKE_AGENT], installHint: "ships with the tests" }]));
  return file;
}

function relayPids(stack: Stack): number[] {
  return descendants(stack.child.pid!).filter((pid) => commandLine(pid).includes("runner-relay/main.ts"));
}

afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

afterAll(async () => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  const left = await survivors(started);
  expect(left, "processes of the stack still running after the suite").toEqual([]);
});

describe("npm run cloud (the supervisor)", () => {
  it("wires the dashboard to its relay with secrets made once, restarts a relay that dies, and keeps the secrets across a restart", async () => {
    const dataDir = path.join(tempDir(), "data");
    const revokedFile = path.join(tempDir(), "revoked.txt");
    const env = { OUTREACH_DATA_DIR: dataDir, OUTREACH_RELAY_PORT: "0", RELAY_BACKEND: "fake-agent", RELAY_MODEL: "scripted", OUTREACH_EXTRA_BACKENDS: fakeAgentBackends(), DOUBLE_REVOKED_FILE: revokedFile };

    // First start: the secrets are made, mode 600, and handed to the dashboard; it reaches the relay with its token.
    const first = await startStack(env);
    const file = path.join(dataDir, STACK_SECRETS_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { authSecret: string; signingKey: string; reportSecret: string; serviceToken: string };
    const dashboard = await first.get<Record<string, string | null>>("/env");
    const relayPort = Number(/relay on port (\d+)/.exec(first.output())![1]);
    expect(dashboard).toMatchObject({
      OUTREACH_EDITION: "cloud",
      OUTREACH_AUTH: "on",
      AUTH_SECRET: saved.authSecret,
      OUTREACH_CLOUD_SIGNING_KEY: saved.signingKey,
      OUTREACH_RELAY_REPORT_SECRET: saved.reportSecret,
      OUTREACH_CLOUD_TOKEN: saved.serviceToken,
      OUTREACH_CLOUD_RELAY_URL: `ws://127.0.0.1:${relayPort}`,
      RELAY_BACKEND: null,
    });
    expect(await first.get<CloudProbe>("/probe")).toEqual({ available: true, version: "relay 1.0.0, fake-agent (scripted)", reason: null, model: "scripted" });
    expect(first.output()).toContain("Sign-up is open");
    expect(first.output()).toContain(`CLOUD_STACK_READY http://localhost:${first.port}`);

    // The relay dies: it is started again on the same port, and the dashboard's token works with it again.
    const [relayPid] = relayPids(first);
    expect(relayPid).toBeDefined();
    process.kill(relayPid!, "SIGKILL");
    await expect.poll(() => relayPids(first).filter((p) => p !== relayPid).length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => first.get<CloudProbe>("/probe").then((p) => p.available), { timeout: 15_000 }).toBe(true);
    expect(first.output()).toContain("the relay stopped; starting it again");
    // The supervisor says so once the new relay has reported ready, which the dashboard may notice first.
    await expect.poll(() => first.output()).toMatch(new RegExp(`"msg":"the relay is back".*"port":${relayPort}`));

    // A token an organization was issued under the first start, and one revoked since.
    const key = privateKeyFrom(saved.signingKey);
    const issued = signCloudToken({ org: 5, ttlSeconds: 3600 }, key).token;
    const revoked = signCloudToken({ org: 5, ttlSeconds: 3600 }, key);
    fs.writeFileSync(revokedFile, `${revoked.claims.jti}\n`);
    expect(await first.stop()).toBe(0);

    // Second start: the same secrets; the token issued before verifies; the relay, started before the dashboard
    // could answer, reads the revocation list within seconds rather than at its next minute.
    const second = await startStack(env);
    expect(fs.readFileSync(file, "utf8")).toBe(`${JSON.stringify(saved, null, 2)}\n`);
    expect(await second.get<Record<string, string | null>>("/env")).toMatchObject({ AUTH_SECRET: saved.authSecret, OUTREACH_CLOUD_TOKEN: saved.serviceToken });
    const relayUrl = (await second.get<Record<string, string>>("/env")).OUTREACH_CLOUD_RELAY_URL!;
    expect(await probeCloudRunner({ relayUrl, token: issued, resumeWindowMs: 30_000 })).toMatchObject({ available: true });
    await expect
      .poll(() => probeCloudRunner({ relayUrl, token: revoked.token, resumeWindowMs: 30_000 }).then((p) => p.reason), { timeout: 10_000 })
      .toBe("The cloud runner relay refused this installation's token: The cloud runner token was revoked");
    expect(await second.stop()).toBe(0);
  }, 120_000);

  it("without an agent, runs the dashboard alone and says what to set", async () => {
    const stack = await startStack({ OUTREACH_DATA_DIR: path.join(tempDir(), "data"), RELAY_BACKEND: "" });
    expect(relayPids(stack)).toEqual([]);
    expect(await stack.get<Record<string, string | null>>("/env")).toMatchObject({ OUTREACH_EDITION: "cloud", OUTREACH_CLOUD_RELAY_URL: null, OUTREACH_CLOUD_TOKEN: null });
    expect(stack.output()).toContain("the cloud runner is off: no agent is configured for the relay. Set RELAY_BACKEND");
    expect(stack.output()).toContain("Cloud runner  off: set RELAY_BACKEND, RELAY_MODEL and the agent's key");
    // The operator's reason in runner detection (customers read their own sentence) says the same.
    const probe = await stack.get<CloudProbe>("/probe");
    expect(probe.available).toBe(false);
    expect(probe.reason).toContain("With npm run cloud, set RELAY_BACKEND, RELAY_MODEL and the agent's key");
    expect(await stack.stop()).toBe(0);
  }, 60_000);

  it("ends, stopping the relay, when the dashboard crashes", async () => {
    const stack = await startStack({ OUTREACH_DATA_DIR: path.join(tempDir(), "data"), OUTREACH_RELAY_PORT: "0", RELAY_BACKEND: "fake-agent", OUTREACH_EXTRA_BACKENDS: fakeAgentBackends() });
    const relays = relayPids(stack);
    expect(relays).toHaveLength(1);
    await stack.post("/crash");
    expect(await stack.exited).toBe(3);
    expect(stack.output()).toMatch(/"msg":"the dashboard stopped; stopping the hosted stack".*"code":3/);
    expect(await survivors(relays)).toEqual([]);
  }, 60_000);

  it("refuses to start when the relay's settings are wrong, with the relay's own words", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "test/int/cloud-stack-child.ts"], {
      env: { ...process.env, PORT: String(port), OUTREACH_DATA_DIR: path.join(tempDir(), "data"), RELAY_BACKEND: "no-such-agent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const tree = watchTree(child.pid!);
    let out = "";
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    tree.stop();
    for (const pid of tree.seen) started.add(pid);
    expect(code).toBe(1);
    expect(out).toContain('RELAY_BACKEND must name a runner this relay can start (got \\"no-such-agent\\")');
    expect(out).toContain("the relay did not start (its message is above)");
    expect(out).not.toContain("CLOUD_STACK_READY");
  }, 60_000);
});
