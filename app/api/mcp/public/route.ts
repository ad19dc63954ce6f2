// POST /api/mcp/public - the remote MCP server for external agents (auth: an organization's API key,
// Authorization: Bearer oak_…). MCP Streamable HTTP, stateless, JSON responses. Tools: docs/public-mcp-tools.md.
import { methodNotAllowed, servePublicRequest } from "@/lib/public-mcp/serve-public-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = servePublicRequest;

export async function GET(): Promise<Response> {
  return methodNotAllowed();
}

export async function DELETE(): Promise<Response> {
  return methodNotAllowed();
}
