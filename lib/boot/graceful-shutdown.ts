// What an instance does when it is told to stop (SIGTERM from a service manager or a deploy, SIGINT from a terminal).
// `next start` itself stops listening, waits for the requests under way and for the work handed to `after()` (a mail
// being sent), then exits. Two things would keep it waiting: live streams, requests that never finish by design, and
// kept-alive connections, which Node closes only if they are idle at the moment the server closes (a request finished
// a moment later leaves its connection open until the keep-alive timeout, 65 s). So on the signal every live stream
// ends (its EventSource reconnects, to another instance or to this one once it is back), connections are closed as
// soon as no request is under way on them, responses from then on say `Connection: close`, and should the rest take longer than
// SHUTDOWN_DEADLINE_MS the process exits anyway (docs/deploying.md, "Stopping and restarting").
// Before any of that, on SIGTERM, the instance drains: its readiness route answers 503 for OUTREACH_DRAIN_DELAY_MS while
// it goes on serving, so a load balancer stops sending it requests before it stops taking connections (a balancer that
// still routes to a closed port fails those requests).
import diagnostics_channel from "node:diagnostics_channel";
import type http from "node:http";
import type { Socket } from "node:net";
import { env } from "@/lib/env";
import { endEveryEventStream } from "@/lib/events/event-stream-session";
import { log } from "@/lib/log/logger";

/** The longest a stopping instance waits for its open requests and background sends. */
export const SHUTDOWN_DEADLINE_MS = 20_000;

const SIGNALS = { SIGTERM: 143, SIGINT: 130 } as const;

// Every open connection and the requests under way on it. Node's closeIdleConnections would not do: it only knows a
// connection is idle once a request has finished on it, and a browser also opens connections ahead of need that carry
// no request yet, which would hold the server's close until the headers timeout (60 s).
const sockets = new Set<Socket>();
const requestsOn = new WeakMap<Socket, number>();

function track(socket: Socket): void {
  if (sockets.has(socket)) return;
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
}

interface ShutdownState {
  installed: boolean;
  /** The readiness route says 503 from here on (lib/health/check-readiness.ts). */
  draining: boolean;
  stopping: boolean;
  /** Servers whose new connections are tracked. */
  servers: Set<http.Server>;
}

const state = ((globalThis as unknown as { __outreachShutdown?: ShutdownState }).__outreachShutdown ??= {
  installed: false,
  draining: false,
  stopping: false,
  servers: new Set(),
});

/** Once per process, at boot (instrumentation.ts). */
export function installGracefulShutdown(): void {
  if (state.installed) return;
  state.installed = true;
  // Node announces every request with its server here, whoever handles it (Next, or the native live stream).
  diagnostics_channel.subscribe("http.server.request.start", (message) => {
    const { server, socket, response } = message as { server: http.Server; socket: Socket; response: http.ServerResponse };
    if (!state.servers.has(server)) {
      state.servers.add(server);
      server.on("connection", track);
    }
    track(socket);
    requestsOn.set(socket, (requestsOn.get(socket) ?? 0) + 1);
    response.once("close", () => requestsOn.set(socket, (requestsOn.get(socket) ?? 1) - 1));
    // Draining too: a client that comes back opens a new connection, which the balancer sends elsewhere.
    if (state.draining) response.shouldKeepAlive = false;
  });
  for (const signal of Object.keys(SIGNALS) as (keyof typeof SIGNALS)[]) {
    // `next start` put its own handler on the signal before this runs (it closes the server, then exits): it is taken
    // off and called once the drain is over, so the port stays open while the balancer moves away.
    const earlier = process.listeners(signal) as NodeJS.SignalsListener[];
    for (const listener of earlier) process.removeListener(signal, listener);
    // `on`, not `once`: a second signal (a shell sends Ctrl+C to the whole group) must not find the signal unhandled,
    // which would end the process on the spot.
    process.on(signal, () => void drainThenStop(signal, earlier));
  }
}

/** True from the moment a stop signal arrives: the readiness route answers 503. */
export function isDraining(): boolean {
  return state.draining;
}

/** Integration tests turn the readiness route's draining check without sending the test process a signal. */
export function markDrainingForTests(): void {
  state.draining = true;
}

async function drainThenStop(signal: keyof typeof SIGNALS, earlier: NodeJS.SignalsListener[]): Promise<void> {
  if (state.draining) return;
  state.draining = true;
  // Ctrl+C in a terminal has no balancer to wait for.
  const delay = signal === "SIGTERM" ? env.OUTREACH_DRAIN_DELAY_MS : 0;
  if (delay > 0) {
    log.info("draining: readiness answers 503 while the load balancer moves away", { signal, forMs: delay });
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  beginShutdown(signal);
  for (const listener of earlier) listener(signal);
}

function beginShutdown(signal: keyof typeof SIGNALS): void {
  if (state.stopping) return;
  state.stopping = true;
  log.info("stopping: ending live streams and finishing the requests under way", { signal });
  endEveryEventStream();
  // Every 100 ms, each connection with no request under way is closed (a kept-alive one, or one a browser opened
  // ahead of need); one whose request is still being answered is left until that answer is sent.
  const sweep = setInterval(() => {
    for (const socket of sockets) if (!requestsOn.get(socket)) socket.destroy();
  }, 100);
  sweep.unref();
  const deadline = setTimeout(() => {
    log.warn("stopping took too long; exiting with work still open", { afterMs: SHUTDOWN_DEADLINE_MS });
    process.exit(SIGNALS[signal]);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
}
