// forum_scout, staging_candidates, subreddit_snapshot, news_search, federated_scout: platform research for campaign
// runs (docs/agent-tools.md "Platform research", docs/research-tools.md). The run binding decides the organization,
// the campaign profile defaults, the blocklist that applies and the run candidates are staged on.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AppError } from "@/lib/http/errors";
import { requireRunKind, type RunBinding } from "@/lib/mcp/binding";
import { runTool, toolError } from "@/lib/mcp/tool-result";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { scoutForum } from "@/lib/research/scout-forum";
import { scoutFederated } from "@/lib/research/scout-federated";
import { snapshotCommunity } from "@/lib/research/snapshot-community";
import { searchNews } from "@/lib/research/search-news";
import { runStagingAction } from "@/lib/research/run-staging-action";
import {
  ZFederatedScoutInput, ZForumScoutInput, ZNewsSearchInput, ZStagingAction, ZStagingCandidatesToolInput, ZSubredditSnapshotInput,
} from "@/lib/research/schemas";

/** Research tools serve campaign runs: they stage on the run and read the campaign's profile. */
export const RESEARCH_RUN_KIND = "campaign";

/**
 * runTool, plus a distinct `upstream_error: …` answer when the platform failed (down, slow, unexpected body), so a
 * playbook can tell an outage from its own mistake and move on.
 */
export async function runPlatformTool(name: string, body: () => Promise<unknown>): Promise<CallToolResult> {
  let upstream: UpstreamError | null = null;
  const result = await runTool(name, async () => {
    try {
      return await body();
    } catch (err) {
      if (err instanceof UpstreamError) upstream = err;
      throw err;
    }
  });
  return upstream ? toolError(`upstream_error: ${(upstream as UpstreamError).message}`) : result;
}

export function registerResearchTools(server: McpServer, binding: RunBinding) {
  const scope = { orgId: binding.orgId, runId: binding.runId };

  server.registerTool(
    "forum_scout",
    {
      title: "Scout forum communities",
      description:
        "Reads recent posts of forum communities (default: the campaign profile's communities), or searches them with a " +
        "query. Blocklisted authors, communities and keywords, deleted authors, moderators and their bots never come back " +
        "(counted under excluded). Authors this organization contacted recently are marked recentlyContacted. Every " +
        "returned author is staged on this run (see staging_candidates).",
      inputSchema: ZForumScoutInput.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (input) =>
      runPlatformTool("forum_scout", async () => {
        requireRunKind(binding, "forum_scout", RESEARCH_RUN_KIND);
        return scoutForum({ ...scope, input });
      }),
  );

  server.registerTool(
    "staging_candidates",
    {
      title: "Staged candidates of this run",
      description:
        "The people this run is considering. action list: the staged candidates (shortlistedOnly to narrow). action add: " +
        "stage people you found yourself (targetUser, community, sourceUrl, note). action shortlist: mark targetUsers as the " +
        "ones to draft for (shortlisted false takes them off). Scouts stage their authors automatically.",
      inputSchema: ZStagingCandidatesToolInput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool("staging_candidates", async () => {
        requireRunKind(binding, "staging_candidates", RESEARCH_RUN_KIND);
        const parsed = ZStagingAction.safeParse(args);
        if (!parsed.success) {
          throw new AppError("bad_request", `Invalid arguments for ${args.action}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`);
        }
        return runStagingAction({ ...scope, action: parsed.data });
      }),
  );

  server.registerTool(
    "subreddit_snapshot",
    {
      title: "Snapshot a forum community",
      description:
        "What a forum community is about (title, description, subscribers, NSFW flag, allowed submission type), its rules " +
        "(read them before drafting a post there) and its top posts of the week. A blocklisted community is refused.",
      inputSchema: ZSubredditSnapshotInput.shape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    ({ community }) =>
      runPlatformTool("subreddit_snapshot", async () => {
        requireRunKind(binding, "subreddit_snapshot", RESEARCH_RUN_KIND);
        return snapshotCommunity({ ...scope, community });
      }),
  );

  server.registerTool(
    "news_search",
    {
      title: "Search recent news stories",
      description:
        "Searches the news site's recent stories (last `days`, default 30) for a query: title, link, author, points, " +
        "comment count and the discussion page. Useful to ground a post in what people discuss now.",
      inputSchema: ZNewsSearchInput.shape,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
    },
    (input) =>
      runPlatformTool("news_search", async () => {
        requireRunKind(binding, "news_search", RESEARCH_RUN_KIND);
        return searchNews({ ...scope, input });
      }),
  );

  server.registerTool(
    "federated_scout",
    {
      title: "Scout federated hashtags",
      description:
        "Reads recent public statuses under hashtags on the federated platform (default: the campaign profile's hashtags). " +
        "Hard rule, enforced here: accounts marked as bots, and accounts whose profile says #nobot or #nobots, never come " +
        "back and are never staged (counted under excluded.bots / excluded.noBot), nor does anything the blocklist names. " +
        "Authors contacted recently are marked. Every returned author is staged on this run.",
      inputSchema: ZFederatedScoutInput.shape,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    },
    (input) =>
      runPlatformTool("federated_scout", async () => {
        requireRunKind(binding, "federated_scout", RESEARCH_RUN_KIND);
        return scoutFederated({ ...scope, input });
      }),
  );
}
