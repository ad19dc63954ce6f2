// project_extract_start, project_extract_files, project_extract_read, project_extract_finish.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerExtractionTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
