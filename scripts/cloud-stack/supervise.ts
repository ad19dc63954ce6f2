// `npm run cloud`'s process tree: the relay (runner-relay/main.ts) and the dashboard (`npm start`'s script, which
// builds once when there is no build and runs the embedded PostgreSQL as its child), both children of this process.
//
// - Order: the relay first, so that the dashboard's first runner detection (cached until Re-detect) finds it up; then
//   the dashboard. The relay asks the dashboard for the revocation list every 2 s until it answers (runner-relay/main.ts).
// - Each child runs in a process group of its own: Ctrl-C reaches this process only, which stops each child once
//   (SIGTERM) and then clears what is left of its group (an agent of the relay, a database server still stopping).
// - A relay that exits on its own is logged and started again on the same port (after 1 s, then longer, up to 30 s);
//   runs it held fail `network` on the dashboard's side, as after any relay restart. A relay that cannot start at all
//   (its settings are wrong) ends the stack, with the relay's own message above.
// - A dashboard that exits on its own ends the stack with a non-zero code: its log says why, and whatever restarts
//   the stack (systemd, a container runtime) starts both again.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { loadStackSecrets, type StackSecrets } from "./stack-secrets";
import { dashboardEnv, dashboardOrigin, publicDashboardUrl, relayEnv, replacedVariables, stackSettings, type EnvSource, type StackSettings } from "./stack-env";

export interface CloudStackOptions {
  root: string;
  env: EnvSource;
  /** The dashboard's command line; by default `npm start`'s script. */
  dashboardCommand?: string[];
  /** Where the stack's own lines go (the children write to the same stdout and stderr). */
  write?: (text: string) => void;
}

/** Backoff between relay restarts; back to the first step once a relay has stayed up for a minute. */
const RESTART_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const STABLE_AFTER_MS = 60_000;
const STOP_GRACE_MS = 20_000;

export async function runCloudStack(opts: CloudStackOptions): Promise<number> {
  const write = opts.write ?? ((text: string) => process.stdout.write(text));
  const log = (level: string, msg: string, fields: Record<string, unknown> = {}) =>
    write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, service: "cloud-stack", ...fields })}\n`);

  let settings: StackSettings;
  let secrets: StackSecrets;
  try {
    settings = stackSettings(opts.env);
    secrets = loadStackSecrets({ dataDir: path.resolve(opts.root, settings.OUTREACH_DATA_DIR), env: opts.env });
  } catch (err) {
    log("error", (err as Error).message);
    return 2;
  }
  if (secrets.changes.includes("created")) log("info", "generated the stack's secrets (kept for the next starts)", { file: secrets.file });
  else log("info", "read the stack's secrets", { file: secrets.file, ...(secrets.changes.length ? { changes: secrets.changes } : {}) });
  if (secrets.fromEnvironment.length) log("info", "using values from the environment instead of the file", { variables: secrets.fromEnvironment });
  const replaced = replacedVariables(opts.env);
  if (replaced.length) log("warn", "npm run cloud sets these itself; the values in the environment are not used", { variables: replaced });

  const children = new Set<ChildProcess>();
  let stopping = false;
  let exitCode = 0;
  let relayPort: number | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let restarts = 0;
  let settle: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (settle = resolve));

  const startChild = (command: string[], env: Record<string, string>, stdout: "inherit" | "pipe") => {
    const child: ChildProcess = spawn(command[0]!, command.slice(1), { cwd: opts.root, env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", stdout, "inherit"], detached: true });
    children.add(child);
    child.once("exit", () => {
      children.delete(child);
      void clearGroup(child.pid!);
    });
    return child;
  };

  /** Starts the relay and resolves with its port once it listens, or null if it exited first. */
  const startRelay = (port: number): Promise<number | null> => {
    const child = startChild([process.execPath, "--import", "tsx", "runner-relay/main.ts"], relayEnv({ base: opts.env, settings, secrets, port }), "pipe");
    const startedAt = Date.now();
    return new Promise((resolve) => {
      let buffer = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl + 1);
          buffer = buffer.slice(nl + 1);
          write(line);
          const ready = /^RELAY_READY (\d+)/.exec(line);
          if (ready) resolve(Number(ready[1]));
        }
      });
      child.once("exit", (code, signal) => {
        if (buffer) write(`${buffer}\n`);
        resolve(null);
        if (stopping || relayPort === null) return;
        if (Date.now() - startedAt >= STABLE_AFTER_MS) restarts = 0;
        const delay = RESTART_DELAYS_MS[Math.min(restarts++, RESTART_DELAYS_MS.length - 1)]!;
        log("error", "the relay stopped; starting it again (runs it held fail with a network error)", { code, signal, restartInMs: delay });
        restartTimer = setTimeout(() => {
          restartTimer = null;
          if (stopping) return;
          void startRelay(relayPort!).then((p) => p !== null && log("info", "the relay is back", { port: p }));
        }, delay);
      });
    });
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (restartTimer) clearTimeout(restartTimer);
    for (const child of children) child.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const child of children) killGroup(child.pid!, "SIGKILL");
    }, STOP_GRACE_MS);
    force.unref();
    void waitForChildren().then(() => {
      clearTimeout(force);
      settle(exitCode);
    });
  };
  const waitForChildren = async () => {
    while (children.size || pendingGroups.size) await new Promise((r) => setTimeout(r, 50));
  };

  // What is left of a child's process group once the child has exited: asked to stop, then killed.
  const pendingGroups = new Set<number>();
  const clearGroup = async (pgid: number) => {
    if (!groupAlive(pgid)) return;
    pendingGroups.add(pgid);
    killGroup(pgid, "SIGTERM");
    for (let i = 0; i < 100 && groupAlive(pgid); i++) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(pgid)) killGroup(pgid, "SIGKILL");
    pendingGroups.delete(pgid);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    log("info", "stopping the hosted stack", { signal });
    stop(0);
  };
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const s of signals) process.on(s, onSignal);
  // Should this process die of an error, its children go with it.
  const onExit = () => {
    for (const child of children) killGroup(child.pid!, "SIGTERM");
  };
  process.on("exit", onExit);

  try {
    if (settings.RELAY_BACKEND) {
      relayPort = await startRelay(settings.OUTREACH_RELAY_PORT);
      if (relayPort === null) {
        if (!stopping) log("error", "the relay did not start (its message is above): correct the RELAY_* settings and run npm run cloud again");
        stop(stopping ? exitCode : 1);
        return await done;
      }
    } else {
      log("warn", "the cloud runner is off: no agent is configured for the relay. Set RELAY_BACKEND (claude-code, codex, gemini, ...), RELAY_MODEL and the agent's key (e.g. ANTHROPIC_API_KEY) in the environment or .env, and start npm run cloud again. Until then customers read that cloud runs are not available.");
    }
    if (stopping) return await done;

    const command = opts.dashboardCommand ?? [process.execPath, path.join(opts.root, "scripts", "start.mjs"), "start"];
    const child = startChild(command, dashboardEnv({ base: opts.env, settings, secrets, relayPort }), "inherit");
    child.once("exit", (code, signal) => {
      if (stopping) return;
      log("error", "the dashboard stopped; stopping the hosted stack", { code, signal });
      stop(code || 1);
    });

    const gone = () => stopping || child.exitCode !== null || child.signalCode !== null;
    if (await dashboardReady(dashboardOrigin(settings), gone, (msg) => log("info", msg))) {
      const url = publicDashboardUrl(settings);
      write(
        [
          "",
          "The hosted stack is up.",
          `  Dashboard     ${url}`,
          "                Sign-up is open: anyone who can reach this address can create an account and an organization.",
          relayPort !== null
            ? `  Cloud runner  relay on port ${relayPort}, agent ${settings.RELAY_BACKEND}${settings.RELAY_MODEL ? ` (${settings.RELAY_MODEL})` : ""}`
            : "  Cloud runner  off: set RELAY_BACKEND, RELAY_MODEL and the agent's key, then start again",
          `  Secrets       ${secrets.file} (generated once, kept across restarts)`,
          "  Stop it with Ctrl-C.",
          "",
          `CLOUD_STACK_READY ${url}`,
          "",
        ].join("\n"),
      );
    }
    return await done;
  } finally {
    for (const s of signals) process.off(s, onSignal);
    process.off("exit", onExit);
  }
}

/** Polls the route the relay reads (public, cloud edition only) until the dashboard answers it. */
async function dashboardReady(origin: string, gone: () => boolean, log: (msg: string) => void): Promise<boolean> {
  const nudgeAt = Date.now() + 60_000;
  let nudged = false;
  while (!gone()) {
    if (!nudged && Date.now() > nudgeAt) {
      nudged = true;
      log(`still waiting for the dashboard to answer at ${origin} (a first start builds it first)`);
    }
    try {
      const res = await fetch(`${origin}/api/cloud-runner/revocations`, { signal: AbortSignal.timeout(5_000) });
      await res.body?.cancel();
      if (res.ok) return true;
    } catch {
      // not listening yet (the first start may be building)
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}
