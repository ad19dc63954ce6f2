// draft_regen_start / draft_regen_finish: the draft-regenerator's contract (SPEC "Per-playbook contracts"). The run
// is bound to one draft (runs.params.draftId); neither tool can reach another draft, and nothing is sent.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";

export function registerRegenerationTools(server: McpServer, binding: RunBinding) {
  void server;
  void binding;
}
