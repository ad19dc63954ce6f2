// The agent tool server (SPEC "Agent tool interface"), exposed to the agent as `mcp__outreach__*`. One server per
// bound run; each domain registers its own tools. The next issues add the research, regeneration, reply, insight,
// extraction, tuning and posting tools here.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";
import { registerRunTools } from "@/lib/mcp/tools/runs";
import { registerBlocklistTools } from "@/lib/mcp/tools/blocklist";
import { registerContactTools } from "@/lib/mcp/tools/contacts";
import { registerDraftTools } from "@/lib/mcp/tools/drafts";

export const TOOL_SERVER_NAME = "outreach";

export function createToolServer(binding: RunBinding): McpServer {
  const server = new McpServer(
    { name: TOOL_SERVER_NAME, version: "1.0.0" },
    {
      instructions:
        "Tools of the outreach dashboard, bound to one run. Start with run_start and end with run_finish. Drafts wait for " +
        "human review; nothing here sends anything.",
    },
  );
  registerRunTools(server, binding);
  registerBlocklistTools(server, binding);
  registerContactTools(server, binding);
  registerDraftTools(server, binding);
  return server;
}
