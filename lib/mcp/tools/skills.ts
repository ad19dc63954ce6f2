// skill_generate_start, skill_generate_finish.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerSkillTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
