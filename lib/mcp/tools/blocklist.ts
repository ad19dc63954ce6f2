// blocklist_check: a dedup guard the playbook calls before drafting.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { checkBlocklist } from "@/lib/blocklist/check-blocklist";

export function registerBlocklistTools(server: McpServer, binding: RunBinding) {
  server.registerTool(
    "blocklist_check",
    {
      title: "Check the blocklist",
      description:
        "Tells whether each target would be refused by the blocklist (users, communities, whole-word keywords; global and " +
        "this project's). Drafts that break it are skipped on creation anyway; check first to save work.",
      inputSchema: {
        targets: z
          .array(
            z.object({
              targetUser: ZText.trim().min(1).max(200).describe("The handle to contact"),
              community: ZText.trim().min(1).max(200).optional().describe("The community the draft would be posted in"),
              text: ZText.max(40_000).optional().describe("A draft text to check for blocked keywords"),
            }),
          )
          .min(1)
          .max(200)
          .describe("Up to 200 targets"),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ targets }) => runTool("blocklist_check", () => checkBlocklist({ orgId: binding.orgId, projectId: binding.projectId, targets })),
  );
}
