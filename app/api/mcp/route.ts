// POST /api/mcp - the agent tool server over MCP Streamable HTTP (auth: per-run token; SPEC "Agent tool interface").
// Agents reach it through the stdio bridge bin/outreach-mcp.mjs that the dispatcher attaches to their session.
import { withRunBinding } from "@/lib/mcp/with-run-binding";
import { serveToolRequest } from "@/lib/mcp/serve-tool-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = withRunBinding(serveToolRequest);
