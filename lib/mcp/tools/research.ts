// forum_scout, staging_candidates, subreddit_snapshot, news_search, federated_scout.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerResearchTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
