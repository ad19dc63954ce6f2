// project_insights_context, project_insights.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerInsightTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
