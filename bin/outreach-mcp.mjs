#!/usr/bin/env node
// The agent's side of the tool server: a stdio MCP server that relays every frame to the dashboard's HTTP endpoint
// (/api/mcp) with the run's binding. Agents start it from the `mcpServers` entry of their ACP session; it holds no
// state and no database access, only the run id, the per-run secret and the endpoint URL from its environment.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const { OUTREACH_MCP_URL: url, OUTREACH_RUN_ID: runId, OUTREACH_RUN_TOKEN: token } = process.env;
if (!url || !runId || !token) {
  process.stderr.write("outreach-mcp: OUTREACH_MCP_URL, OUTREACH_RUN_ID and OUTREACH_RUN_TOKEN must be set\n");
  process.exit(2);
}

const upstream = new StreamableHTTPClientTransport(new URL(url), {
  requestInit: { headers: { authorization: `Bearer ${token}`, "x-outreach-run-id": runId } },
});
const local = new StdioServerTransport();

// A refused call (the run has finished, the server is down) still gets an answer, so the agent is never left waiting:
// a failed tool result for tools/call (the agent reads it like any tool failure), a JSON-RPC error otherwise.
function refuse(message, reason) {
  const text = reason instanceof Error ? reason.message : String(reason);
  if (message.method === "tools/call") {
    return { jsonrpc: "2.0", id: message.id, result: { isError: true, content: [{ type: "text", text: `The tool server refused the call: ${text}` }] } };
  }
  return { jsonrpc: "2.0", id: message.id, error: { code: -32000, message: text } };
}

local.onmessage = (message) => {
  upstream.send(message).catch((err) => {
    if ("id" in message && "method" in message) void local.send(refuse(message, err));
    else process.stderr.write(`outreach-mcp: ${err instanceof Error ? err.message : String(err)}\n`);
  });
};
upstream.onmessage = (message) => void local.send(message);
upstream.onerror = (err) => process.stderr.write(`outreach-mcp: ${err.message}\n`);
local.onclose = () => {
  void upstream.close().finally(() => process.exit(0));
};
process.stdin.on("end", () => local.close());

await upstream.start();
await local.start();
