// Research commands of the `outreach` CLI: what forum_scout, subreddit_snapshot, news_search, federated_scout and
// staging_candidates answer an agent, from the same functions. With --run a scout works as that run's tool does
// (campaign defaults, staging on the run); without it nothing is staged.
import { parseArgs } from "node:util";
import type { z } from "zod";
import { CliUsageError, positiveInt, resolveOrg } from "@/lib/cli/drafts-commands";
import { scoutForum } from "@/lib/research/scout-forum";
import { scoutFederated } from "@/lib/research/scout-federated";
import { snapshotCommunity } from "@/lib/research/snapshot-community";
import { searchNews } from "@/lib/research/search-news";
import { listStagingCandidates } from "@/lib/research/list-staging-candidates";
import { ZFederatedScoutInput, ZForumScoutInput, ZNewsSearchInput, ZSubredditSnapshotInput } from "@/lib/research/schemas";

export const RESEARCH_USAGE = `  forum:scout [--community <name>]... [--query <words>] [--sort new|hot|top|relevance]
              [--time day|week|month|year] [--limit <n>] [--run <id> | --project <id>] [--org <id>]
                                                 what forum_scout answers (with --run: stages on that run)
  forum:snapshot <community> [--project <id>] [--org <id>]
                                                 what subreddit_snapshot answers
  news:search <words>... [--days <n>] [--limit <n>] [--org <id>]
                                                 what news_search answers
  federated:scout [--hashtag <tag>]... [--limit <n>] [--run <id> | --project <id>] [--org <id>]
                                                 what federated_scout answers (with --run: stages on that run)
  staging:list <runId> [--shortlisted] [--org <id>]
                                                 the candidates staged on a run
`;

function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new CliUsageError(`Invalid options: ${parsed.error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

const scopeOptions = { run: { type: "string" }, project: { type: "string" }, org: { type: "string" } } as const;

async function scope(values: { run?: string; project?: string; org?: string }) {
  const runId = positiveInt(values.run, "--run");
  const projectId = positiveInt(values.project, "--project");
  if (runId && projectId) throw new CliUsageError("Give --run or --project, not both (a run has its project)");
  return { orgId: await resolveOrg(values.org), runId: runId ?? null, projectId: projectId ?? null };
}

export async function forumScout(args: string[]): Promise<unknown> {
  const { values } = parseArgs({
    args,
    options: {
      community: { type: "string", multiple: true }, query: { type: "string" }, sort: { type: "string" }, time: { type: "string" }, limit: { type: "string" },
      ...scopeOptions,
    },
  });
  const input = parseInput(ZForumScoutInput, {
    communities: values.community, query: values.query, sort: values.sort, timeWindow: values.time, limit: positiveInt(values.limit, "--limit"),
  });
  return scoutForum({ ...(await scope(values)), input });
}

export async function forumSnapshot(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { project: { type: "string" }, org: { type: "string" } } });
  const { community } = parseInput(ZSubredditSnapshotInput, { community: positionals[0] ?? "" });
  return snapshotCommunity({ ...(await scope(values)), community });
}

export async function newsSearch(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { days: { type: "string" }, limit: { type: "string" }, org: { type: "string" } } });
  const input = parseInput(ZNewsSearchInput, { query: positionals.join(" "), days: positiveInt(values.days, "--days"), limit: positiveInt(values.limit, "--limit") });
  return searchNews({ orgId: await resolveOrg(values.org), input });
}

export async function federatedScout(args: string[]): Promise<unknown> {
  const { values } = parseArgs({ args, options: { hashtag: { type: "string", multiple: true }, limit: { type: "string" }, ...scopeOptions } });
  const input = parseInput(ZFederatedScoutInput, { hashtags: values.hashtag, limit: positiveInt(values.limit, "--limit") });
  return scoutFederated({ ...(await scope(values)), input });
}

export async function stagingList(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { shortlisted: { type: "boolean" }, org: { type: "string" } } });
  const runId = positiveInt(positionals[0], "<runId>");
  if (!runId) throw new CliUsageError("staging:list needs a run id");
  return listStagingCandidates({ orgId: await resolveOrg(values.org), runId, shortlistedOnly: values.shortlisted ?? false });
}
