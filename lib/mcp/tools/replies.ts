// reply_draft_start, reply_draft_finish.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerReplyTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
