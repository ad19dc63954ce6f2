// The fleet on one machine (docs/deploying.md, "A fleet"): what a production deployment runs, each as its own
// process: three `next start` instances with background jobs off, the job engine (`npm run jobs`), two cloud runner
// relays, and HAProxy in front of the instances and the relays (deploy/fleet/haproxy.cfg), all on one PostgreSQL
// database. Used by `npm run fleet` and by the fault drill (e2e/fleet-faults.spec.ts, part of the e2e suite),
// which kills and restarts members through the handles it returns.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { runMigrations } from "@/lib/db/migrate";
import { log } from "@/lib/log/logger";
import { generateCloudKeyPair, privateKeyFrom, signCloudToken } from "@/lib/relay-protocol/token";

export interface FleetMember {
  name: string;
  readonly pid: number;
  /** The start of what it printed since its last start (a relay logs each run it takes). */
  readonly output: string;
  /** Starts the process again after a stop or a kill, and waits until it serves. */
  start(): Promise<void>;
  /** SIGTERM, then waits for the exit: a clean stop. */
  stop(): Promise<void>;
  /** SIGKILL: a crash. */
  kill9(): Promise<void>;
}

export interface Fleet {
  /** The address clients use: HAProxy's dashboard frontend. */
  base: string;
  databaseUrl: string;
  apps: FleetMember[];
  relays: FleetMember[];
  jobs: FleetMember;
  haproxy: FleetMember;
  /** HAProxy's view of its servers: `apps/app1` -> `UP`, `DOWN`, `MAINT`, ... */
  serverStates(): Promise<Record<string, string>>;
  /**
   * HAProxy's runtime API: `drain` sends a server no new requests (those under way finish), `ready` takes it back.
   * A rolling restart drains an instance before its SIGTERM (docs/deploying.md, "A fleet").
   */
  setServerState(server: string, state: "drain" | "ready"): Promise<void>;
  /** Waits until HAProxy sees the named server (`apps/app1`) in `state`. */
  waitForState(server: string, state: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export interface FleetOptions {
  root: string;
  /** The fleet's database (migrations are applied before anything starts). */
  databaseUrl: string;
  /** Folder for the fleet's data (sources, secrets) and logs. */
  dir: string;
  /** First of the ports the fleet listens on: base (HAProxy), +1..+3 instances, +4 relay frontend, +5/+6 relays, +7 stats. */
  basePort: number;
  /** Environment every process gets on top of the fleet's own. */
  env?: Record<string, string>;
  /** The agent the relays run (RELAY_BACKEND); extra backends come through OUTREACH_EXTRA_BACKENDS in `env`. */
  relayBackend: string;
}

const READY_TIMEOUT_MS = 90_000;

export async function startFleet(opts: FleetOptions): Promise<Fleet> {
  fs.mkdirSync(opts.dir, { recursive: true });
  const { databaseUrl } = opts;
  // One migration run before the instances start, so their starts are quick (they would wait on its lock otherwise).
  await runMigrations({ url: databaseUrl, log: log.child({ scope: "fleet" }) });

  const port = (offset: number) => opts.basePort + offset;
  const secrets = fleetSecrets(opts.dir);
  const shared: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...opts.env,
    NODE_ENV: "production",
    MALLOC_ARENA_MAX: "2",
    DATABASE_URL: databaseUrl,
    OUTREACH_DATA_DIR: path.join(opts.dir, "data"),
    // Every instance must read what another sealed and trust the session another signed.
    OUTREACH_CREDENTIALS_KEYS: secrets.credentialsKeys,
    AUTH_SECRET: secrets.authSecret,
    OUTREACH_TRUST_PROXY: "on",
    OUTREACH_CLOUD_RELAY_URL: `ws://127.0.0.1:${port(4)}`,
    OUTREACH_CLOUD_TOKEN: secrets.cloudToken,
  };
  const members: Member[] = [];
  const spawnMember = (name: string, args: string[], env: Record<string, string>, ready: () => Promise<boolean>) => {
    const member = new Member(name, args, env, path.join(opts.dir, `${name}.log`), ready, opts.root);
    members.push(member);
    return member;
  };

  const apps = [1, 2, 3].map((i) =>
    spawnMember(
      `app${i}`,
      ["node_modules/next/dist/bin/next", "start", "-p", String(port(i)), "-H", "127.0.0.1", "--keepAliveTimeout", "65000"],
      // Web instances only: the job engine below runs the background jobs.
      { ...shared, PORT: String(port(i)), OUTREACH_JOBS: "off" },
      () => answers(`http://127.0.0.1:${port(i)}/login`),
    ),
  );
  const relays = [1, 2].map((i) =>
    spawnMember(
      `relay${i}`,
      ["--import", "tsx", "runner-relay/main.ts"],
      { ...shared, OUTREACH_RELAY_PORT: String(port(4 + i)), RELAY_HOST: "127.0.0.1", RELAY_BACKEND: opts.relayBackend, RELAY_TOKEN_PUBLIC_KEY: secrets.cloudPublicKey },
      () => listening(port(4 + i)),
    ),
  );
  const socket = path.join(opts.dir, "haproxy.sock");
  const jobs = spawnMember("jobs", ["--import", "tsx", "scripts/job-engine.ts"], shared, async () => jobs.output.includes("JOBS_READY"));
  const haproxy = spawnMember(
    "haproxy",
    ["-db", "-f", path.join(opts.root, "deploy", "fleet", "haproxy.cfg")],
    {
      ...shared,
      FLEET_HAPROXY_SOCKET: socket,
      FLEET_HTTP_BIND: `127.0.0.1:${port(0)}`,
      FLEET_HEALTH_PATH: healthPath(opts.root),
      FLEET_APP1: `127.0.0.1:${port(1)}`,
      FLEET_APP2: `127.0.0.1:${port(2)}`,
      FLEET_APP3: `127.0.0.1:${port(3)}`,
      FLEET_RELAY_BIND: `127.0.0.1:${port(4)}`,
      FLEET_RELAY1: `127.0.0.1:${port(5)}`,
      FLEET_RELAY2: `127.0.0.1:${port(6)}`,
      FLEET_STATS_BIND: `127.0.0.1:${port(7)}`,
    },
    () => listening(port(0)),
  );
  // Debian installs it in /usr/sbin, which is not on every user's PATH.
  haproxy.command = fs.existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : "haproxy";

  const serverStates = async (): Promise<Record<string, string>> => {
    const csv = await haproxyCommand(socket, "show stat");
    const states: Record<string, string> = {};
    for (const line of csv.split("\n")) {
      const f = line.split(",");
      if (f.length > 17 && f[1] !== "FRONTEND" && f[1] !== "BACKEND" && !line.startsWith("#")) states[`${f[0]}/${f[1]}`] = f[17].split(" ")[0];
    }
    return states;
  };
  const setServerState = async (server: string, state: "drain" | "ready") => {
    const answer = await haproxyCommand(socket, `set server ${server} state ${state}`);
    if (answer.trim()) throw new Error(`HAProxy refused to set ${server} ${state}: ${answer.trim()}`);
  };
  const waitForState = async (server: string, state: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = (await serverStates().catch(() => ({}) as Record<string, string>))[server];
      if (now === state) return;
      if (Date.now() > deadline) throw new Error(`HAProxy did not see ${server} ${state} within ${timeoutMs} ms (it is ${now})`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const stop = async () => {
    await Promise.all([...members].reverse().map((m) => m.stop().catch(() => undefined)));
  };
  try {
    // The database first (the job engine's boot), then the relays and instances together, then the proxy.
    await jobs.start();
    await Promise.all([...relays, ...apps].map((m) => m.start()));
    await haproxy.start();
    for (const app of apps) await waitForState(`apps/${app.name}`, "UP");
    for (const relay of relays) await waitForState(`relays/${relay.name}`, "UP");
  } catch (err) {
    await stop();
    throw err;
  }
  return { base: `http://127.0.0.1:${port(0)}`, databaseUrl, apps, relays, jobs, haproxy, serverStates, setServerState, waitForState, stop };
}

/** The readiness route when this checkout has one, else the sign-in page (it answers without a session). */
function healthPath(root: string): string {
  return fs.existsSync(path.join(root, "app", "api", "health", "ready", "route.ts")) ? "/api/health/ready" : "/login";
}

class Member implements FleetMember {
  command = process.execPath;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  output = "";

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: Record<string, string>,
    private readonly logFile: string,
    private readonly ready: () => Promise<boolean>,
    private readonly cwd: string,
  ) {}

  get pid(): number {
    return this.child?.pid ?? 0;
  }

  async start(): Promise<void> {
    if (this.child) throw new Error(`${this.name} is running`);
    this.output = "";
    const child = spawn(this.command, this.args, { cwd: this.cwd, env: this.env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    const file = fs.createWriteStream(this.logFile, { flags: "a" });
    const record = (d: Buffer) => {
      // Only the start of the output is kept in memory: enough to see that it is ready, or why it is not.
      if (this.output.length < 200_000) this.output += d;
      file.write(d);
    };
    child.stdout!.on("data", record);
    child.stderr!.on("data", record);
    this.exited = new Promise((resolve) => {
      const gone = () => {
        file.end();
        if (this.child === child) this.child = null;
        resolve();
      };
      child.once("exit", gone);
      // A program that cannot be started (haproxy not installed) ends here, with the reason in its output.
      child.once("error", (err) => {
        record(Buffer.from(`${this.command}: ${err.message}\n`));
        gone();
      });
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await this.ready())) {
      if (this.child !== child) throw new Error(`${this.name} exited while starting:\n${this.output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`${this.name} did not become ready:\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async stop(): Promise<void> {
    this.child?.kill("SIGTERM");
    await this.exited;
  }

  async kill9(): Promise<void> {
    this.child?.kill("SIGKILL");
    await this.exited;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { redirect: "manual" });
    await res.body?.cancel();
    return res.status < 500;
  } catch {
    return false;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let out = "";
    socket.on("data", (d) => (out += d));
    socket.once("error", reject);
    socket.once("end", () => resolve(out));
    socket.once("connect", () => socket.end(`${command}\n`));
  });
}

/** Secrets every member shares, made once into the fleet's folder so a restarted fleet keeps them. */
function fleetSecrets(dir: string): { credentialsKeys: string; authSecret: string; cloudToken: string; cloudPublicKey: string } {
  const file = path.join(dir, "fleet-secrets.json");
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"));
  const keys = generateCloudKeyPair();
  const secrets = {
    credentialsKeys: `fleet:${randomBytes(32).toString("base64")}`,
    authSecret: randomBytes(32).toString("base64url"),
    // The default organization's cloud runner token: a self-hosted fleet runs its cloud runs as organization 1.
    cloudToken: signCloudToken({ org: 1, ttlSeconds: 365 * 24 * 3600 }, privateKeyFrom(keys.privateKey)).token,
    cloudPublicKey: keys.publicKey,
  };
  fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
