// federated_post.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerFederatedTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
