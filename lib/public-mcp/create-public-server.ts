// The remote MCP server for an organization's API key (POST /api/mcp/public): the human reviewer's operations for
// external agents. Separate from the run agents' server (lib/mcp): another name, its own tools, and bound to an
// organization through a key, never to a run, so nothing of a run's scope or contract tools leaks in here.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiKeyCaller } from "@/lib/api-keys/resolve-api-key-caller";
import { registerPublicDraftTools } from "@/lib/public-mcp/tools/drafts";
import { registerPublicRunTools } from "@/lib/public-mcp/tools/runs";
import { registerPublicContactTools } from "@/lib/public-mcp/tools/contacts";

export const PUBLIC_SERVER_NAME = "outreach-public";

// What an agent must know before its first write; tool descriptions repeat the parts each tool needs.
export const PUBLIC_SERVER_INSTRUCTIONS =
  "The outreach dashboard's review inbox for one organization (the one the API key belongs to). Drafts are messages " +
  "written for people; nothing here sends anything: approving only queues a draft for sending by the person's " +
  "browser extension. Every draft has a version that goes up with each change. draft_approve, draft_reject and " +
  "draft_edit require the version you read (drafts_list or drafts_get). If someone changed the draft since, the call " +
  'fails with version_conflict and the text includes {"error":"version_conflict","current_version":N}: re-read the ' +
  "draft with drafts_get, decide again on what it says now, and retry with version N. A read-only key may read but " +
  "every write answers forbidden. Ids of another organization answer not_found.";

export function createPublicServer(caller: ApiKeyCaller): McpServer {
  const server = new McpServer({ name: PUBLIC_SERVER_NAME, version: "1.0.0" }, { instructions: PUBLIC_SERVER_INSTRUCTIONS });
  registerPublicDraftTools(server, caller);
  registerPublicRunTools(server, caller);
  registerPublicContactTools(server, caller);
  return server;
}
