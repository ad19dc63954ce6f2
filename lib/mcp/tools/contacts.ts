// contact_history_check: a dedup guard over this organization's contact history and live drafts.
import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RunBinding } from "@/lib/mcp/binding";
import { runTool } from "@/lib/mcp/tool-result";
import { AppError } from "@/lib/http/errors";
import { db } from "@/lib/db/client";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { checkContactHistory } from "@/lib/contacts/check-contact-history";

export function registerContactTools(server: McpServer, binding: RunBinding) {
  server.registerTool(
    "contact_history_check",
    {
      title: "Check contact history",
      description:
        "For each handle: whether this organization contacted it (or queued a draft to it) inside the dedup window, when, " +
        "and the outcome. Draft creation warns or skips such targets according to the dedup policy.",
      inputSchema: {
        handles: z.array(ZText.trim().min(1).max(200)).min(1).max(500).describe("Handles to look up (up to 500)"),
        platform: z.enum(PLATFORMS).optional().describe("Defaults to the campaign's platform"),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ handles, platform }) =>
      runTool("contact_history_check", async () => {
        const campaign = binding.campaignId
          ? await db.campaign.findFirst({ where: { id: binding.campaignId, organizationId: binding.orgId }, select: { platform: true } })
          : null;
        const resolved = platform ?? campaign?.platform;
        if (!resolved) throw new AppError("bad_request", "platform is required for a run without a campaign");
        return checkContactHistory({ orgId: binding.orgId, platform: resolved, handles });
      }),
  );
}
