// What the cloud runner tests need: a real relay process (`npm run relay`'s entry, started with node and tsx) whose
// backend is claude-code with the scripted fake agent standing in for `npx -y @zed-industries/claude-agent-acp`, keys
// and tokens made the way an operator makes them, and a TCP proxy between the dashboard and the relay that can drop
// the connection or refuse new ones (a network fault the dashboard cannot tell from a real one).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { FAKE_AGENT } from "./agent-harness";

export const RELAY_MODEL = "claude-sonnet-4-5";

/** A folder with `npx` (starts the fake agent) and `claude` (answers --version), to put first on PATH. */
export function agentShims(): string {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), "relay-bin-"));
  // Like the real npx, it answers --version (detection probes the program a run starts, docs/runners.md).
  fs.writeFileSync(path.join(bin, "npx"), `#!/bin/sh\n[ "$1" = "--version" ] && { echo "10.9.2"; exit 0; }\nexec "${process.execPath}" "${FAKE_AGENT}"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, "claude"), `#!/bin/sh\necho "2.0.0 (Claude Code)"\n`, { mode: 0o755 });
  return bin;
}

export interface RelayProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the relay printed (its JSON log lines). */
  output: () => string;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
}

export async function startRelayProcess({ port = 0, env }: { port?: number; env: Record<string, string> }): Promise<RelayProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "runner-relay/main.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, OUTREACH_RELAY_PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the relay did not start:\n${out}`)), 20_000);
    const check = () => {
      const m = /RELAY_READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the relay exited with ${code}:\n${out}`));
    });
  });
  return {
    port: ready,
    url: `ws://127.0.0.1:${ready}`,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    kill9: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

export interface Proxy {
  url: string;
  /** Cuts every open connection (both directions at once, like a network that went away). */
  drop: () => void;
  /** Stops accepting: a new connection is refused until `open`. */
  refuse: () => Promise<void>;
  open: () => Promise<void>;
  connections: () => number;
  close: () => Promise<void>;
}

export async function startProxy(targetPort: number): Promise<Proxy> {
  const sockets = new Set<net.Socket>();
  let listenPort = 0;
  const make = () =>
    net.createServer((client) => {
      const upstream = net.connect(targetPort, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  let server = make();
  const listen = () => new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", () => resolve()));
  await listen();
  listenPort = (server.address() as net.AddressInfo).port;
  const drop = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    url: `ws://127.0.0.1:${listenPort}`,
    drop,
    refuse: () => new Promise<void>((resolve) => server.close(() => resolve())),
    open: async () => {
      server = make();
      await listen();
    },
    connections: () => sockets.size / 2,
    close: async () => {
      drop();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

/** Whether a process id is alive (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
