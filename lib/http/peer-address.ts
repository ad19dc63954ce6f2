// The address of the socket a request came in on. Next's route handlers never see the socket, and `next start` only
// fills X-Forwarded-For from it when the client sent none, so without a trusted proxy that header is whatever the
// client wrote. At boot the server's request event is wrapped (installPeerAddressHeader, from instrumentation.ts):
// every incoming request gets the socket's address in a header whose name is random per process, written over
// anything the client sent, so no client can set or guess it.
import http from "node:http";
import { randomBytes } from "node:crypto";

interface PeerState {
  header: string;
  installed: boolean;
}

const state = ((globalThis as unknown as { __outreachPeer?: PeerState }).__outreachPeer ??= {
  header: `x-outreach-peer-${randomBytes(8).toString("hex")}`,
  installed: false,
});

/** The header the socket's address travels in, in this process (tests set it on the requests they build). */
export function peerAddressHeader(): string {
  return state.header;
}

/** Whether this process stamps requests (false in tests and scripts, which have no HTTP server of their own). */
export function peerAddressInstalled(): boolean {
  return state.installed;
}

export function installPeerAddressHeader(): void {
  if (state.installed) return;
  state.installed = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function patchedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as http.IncomingMessage;
      req.headers[state.header] = req.socket?.remoteAddress ?? "unknown";
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}
