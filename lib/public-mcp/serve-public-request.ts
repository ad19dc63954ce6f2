// One request to the public MCP server: the API key is resolved first (401 missing/invalid/revoked/expired, 429 over
// its rate, in the app's one error shape), and only then does MCP see the request. Stateless Streamable HTTP: a
// fresh server and transport per request, JSON responses, no sessions and no SSE, so any instance can answer any
// request and a revoked key stops working on the very next one.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { AppError } from "@/lib/http/errors";
import { runRoute } from "@/lib/http/pipeline";
import { bearerApiKey, resolveApiKeyCaller, type ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { createPublicServer } from "@/lib/public-mcp/create-public-server";

export async function servePublicRequest(req: Request): Promise<Response> {
  const res = await runRoute(req, async () => {
    const key = bearerApiKey(req);
    if (!key) throw new AppError("unauthorized", "Send an organization API key as Authorization: Bearer oak_…");
    return serveMcp(req, await resolveApiKeyCaller(key));
  });
  // RFC 6750: a 401 names the scheme the client should use.
  if (res.status === 401) res.headers.set("www-authenticate", 'Bearer realm="outreach"');
  return res;
}

async function serveMcp(req: Request, caller: ApiKeyCaller): Promise<Response> {
  const server = createPublicServer(caller);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
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
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: this MCP server is stateless; send JSON-RPC with POST" }, id: null },
    { status: 405, headers: { allow: "POST" } },
  );
}
