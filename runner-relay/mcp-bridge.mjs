#!/usr/bin/env node
// The agent's tool server on the relay: a stdio MCP server that is only a pipe. Each newline-delimited JSON-RPC message
// the agent writes goes to the relay process over a loopback socket (and from there, over the client's WebSocket, to
// the tool server in the client's dashboard); each answer comes back the same way. It holds no state and reaches no
// database: the tools, their data and their credentials stay with the client.
import net from "node:net";

const { RELAY_BRIDGE_PORT: port, RELAY_BRIDGE_KEY: key } = process.env;
if (!port || !key) {
  process.stderr.write("relay mcp bridge: RELAY_BRIDGE_PORT and RELAY_BRIDGE_KEY must be set\n");
  process.exit(2);
}

const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(`${JSON.stringify({ key })}\n`));
socket.setNoDelay(true);
process.stdin.pipe(socket);
socket.pipe(process.stdout);
socket.on("error", (err) => {
  process.stderr.write(`relay mcp bridge: ${err.message}\n`);
  process.exit(1);
});
socket.on("close", () => process.exit(0));
process.stdin.on("end", () => socket.end());
