// The relay's end of the agents' tool-server pipes (runner-relay/mcp-bridge.mjs): one loopback listener for the whole
// relay; each bridge names its run with a one-run key on its first line, then carries newline-delimited JSON-RPC.
import { randomBytes } from "node:crypto";
import net, { type AddressInfo } from "node:net";

export interface BridgeLink {
  /** Messages from the agent's tool client, one JSON-RPC object each. */
  onMessage: (message: Record<string, unknown>) => void;
  /** Set once the bridge has connected: writes one JSON-RPC message to the agent. */
  socket: net.Socket | null;
  /** Written before the bridge connected; flushed when it does. */
  pending: string[];
}

export class BridgeServer {
  private readonly links = new Map<string, BridgeLink>();
  private server: net.Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A key for a new run's bridge and the link its messages arrive on. */
  register(onMessage: BridgeLink["onMessage"]): { key: string; link: BridgeLink } {
    const key = randomBytes(24).toString("hex");
    const link: BridgeLink = { onMessage, socket: null, pending: [] };
    this.links.set(key, link);
    return { key, link };
  }

  unregister(key: string): void {
    const link = this.links.get(key);
    link?.socket?.destroy();
    this.links.delete(key);
  }

  send(link: BridgeLink, message: Record<string, unknown>): void {
    const line = `${JSON.stringify(message)}\n`;
    if (link.socket) link.socket.write(line);
    else link.pending.push(line);
  }

  async close(): Promise<void> {
    for (const key of [...this.links.keys()]) this.unregister(key);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: net.Socket): void {
    socket.setNoDelay(true);
    socket.setEncoding("utf8");
    let buffer = "";
    let link: BridgeLink | null = null;
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line) continue;
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        if (!link) {
          // The first line names the run; an unknown key is a stray process and is dropped.
          link = this.links.get(String(message.key)) ?? null;
          if (!link) return void socket.destroy();
          link.socket = socket;
          for (const pending of link.pending.splice(0)) socket.write(pending);
          continue;
        }
        link.onMessage(message);
      }
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (link?.socket === socket) link.socket = null;
    });
  }
}
