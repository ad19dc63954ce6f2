// One request to the public MCP server: the API key is resolved first (401 missing/invalid/revoked/expired, 429 over
// its rate, in the app's one error shape), and only then does MCP see the request. Stateless Streamable HTTP: a
// fresh server and transport per request, JSON responses, no sessions and no SSE, so any instance can answer any
// request and a revoked key stops working on the very next one.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "@/lib/http/errors";
import { runRoute } from "@/lib/http/pipeline";
import { readBodyText } from "@/lib/http/read-body";
import { bearerApiKey, INVALID_API_KEY, presentsBearer, resolveApiKeyCaller, type ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { createPublicServer } from "@/lib/public-mcp/create-public-server";

export async function servePublicRequest(req: Request): Promise<Response> {
  const res = await runRoute(req, async () => {
    // The body is read (with the JSON ceiling) before the key is looked up, as on every other route.
    const raw = await readBodyText(req);
    const key = bearerApiKey(req);
    if (!key) {
      // A bearer that is not shaped like a key is a wrong key, not a missing one.
      throw new AppError("unauthorized", presentsBearer(req) ? INVALID_API_KEY : "Send an organization API key as Authorization: Bearer oak_…");
    }
    const caller = await resolveApiKeyCaller(key);
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return jsonRpcError(400, -32700, "Parse error: the body is not valid JSON");
    }
    // One request, one rate-limit token, one JSON-RPC message: a batch of a hundred tool calls would otherwise cost
    // one token. The current MCP revision (2025-06-18) dropped batching, so clients do not send them.
    if (Array.isArray(message)) {
      return jsonRpcError(400, -32600, "Invalid Request: JSON-RPC batches are not accepted; send one message per request");
    }
    return serveMcp(req, caller, message);
  });
  // RFC 6750: a 401 names the scheme the client should use.
  if (res.status === 401) res.headers.set("www-authenticate", 'Bearer realm="outreach"');
  return res;
}

async function serveMcp(req: Request, caller: ApiKeyCaller, parsedBody: unknown): Promise<Response> {
  const server = createPublicServer(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req, { parsedBody });
  } finally {
    // With JSON responses the body is complete when handleRequest resolves.
    void server.close();
  }
}

/**
 * GET (a server-sent event stream) and DELETE (ending a session) mean nothing to a stateless server. The transport's
 * own JSON-RPC 405, which MCP clients read as "no stream here" and carry on.
 */
export function methodNotAllowed(): Response {
  const res = jsonRpcError(405, -32000, "Method not allowed: this MCP server is stateless; send JSON-RPC with POST");
  res.headers.set("allow", "POST");
  return res;
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}
