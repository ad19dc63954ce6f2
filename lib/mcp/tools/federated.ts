// federated_post: sends an approved draft to the federated platform, only when a person approved it and the
// campaign's autoPost is on (SPEC "Federated-platform playbooks"). The checks and the no-double-post order live in
// lib/research/post-federated-draft.ts.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { RESEARCH_RUN_KIND, runPlatformTool } from "@/lib/mcp/tools/research";
import { postFederatedDraft } from "@/lib/research/post-federated-draft";
import { ZFederatedPostInput } from "@/lib/research/schemas";

export function registerFederatedTools(server: McpServer, binding: RunBinding) {
  server.registerTool(
    "federated_post",
    {
      title: "Post an approved draft",
      description:
        "Sends one draft of this campaign to the federated platform from its account: a dm as a direct message, a " +
        "post_comment as a reply to its target status, a post as a public status. Refused unless the draft is approved " +
        "by a person (not a run) and the campaign's autoPost is on. The draft becomes sent; calling again for the same " +
        "draft answers the same status and never posts twice.",
      inputSchema: ZFederatedPostInput.shape,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ draftId }) =>
      runPlatformTool("federated_post", async () => {
        requireRunKind(binding, "federated_post", RESEARCH_RUN_KIND);
        return postFederatedDraft({ orgId: binding.orgId, campaignId: binding.campaignId, draftId, actor: { type: "run", id: binding.runId } });
      }),
  );
}
