// One MCP request over Streamable HTTP, stateless: a fresh server and transport per request (the binding is
// resolved per request too, so a run that has finished stops being served at once). JSON responses, no SSE.
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { RunBinding } from "@/lib/mcp/binding";
import { createToolServer } from "@/lib/mcp/create-tool-server";

export async function serveToolRequest(req: Request, binding: RunBinding): Promise<Response> {
  const server = createToolServer(binding);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(req);
  } finally {
    // With JSON responses the body is complete when handleRequest resolves.
    void server.close();
  }
}
