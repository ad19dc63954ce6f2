// The agent tool server (SPEC "Agent tool interface"), exposed to the agent as `mcp__outreach__*`. One server per
// bound run; each domain registers its own tools. Contract tools (draft_regen_*, reply_draft_*, followup_draft_*, project_*,
// skill_generate_*) refuse runs of another kind.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";
import { TOOL_SERVER_NAME } from "@/lib/mcp/tool-server-name";
import { registerRunTools } from "@/lib/mcp/tools/runs";
import { registerBlocklistTools } from "@/lib/mcp/tools/blocklist";
import { registerContactTools } from "@/lib/mcp/tools/contacts";
import { registerDraftTools } from "@/lib/mcp/tools/drafts";
import { registerResearchTools } from "@/lib/mcp/tools/research";
import { registerFederatedTools } from "@/lib/mcp/tools/federated";
import { registerRegenerationTools } from "@/lib/mcp/tools/regeneration";
import { registerReplyTools } from "@/lib/mcp/tools/replies";
import { registerFollowupTools } from "@/lib/mcp/tools/followups";
import { registerInsightTools } from "@/lib/mcp/tools/insights";
import { registerExtractionTools } from "@/lib/mcp/tools/extraction";
import { registerSkillTools } from "@/lib/mcp/tools/skills";

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
  registerResearchTools(server, binding);
  registerFederatedTools(server, binding);
  registerRegenerationTools(server, binding);
  registerReplyTools(server, binding);
  registerFollowupTools(server, binding);
  registerInsightTools(server, binding);
  registerExtractionTools(server, binding);
  registerSkillTools(server, binding);
  return server;
}
