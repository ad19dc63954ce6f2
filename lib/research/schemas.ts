// Input schemas of the research domain, shared by the agent tools (lib/mcp/tools/research.ts, federated.ts) and the
// CLI (lib/cli/research-commands.ts). Contracts: docs/agent-tools.md "Platform research".
import { z } from "zod";

/** Forum community names, with or without their r/ prefix. */
export const ZCommunityName = z
  .string()
  .trim()
  .transform((v) => v.replace(/^\/?r\//i, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{2,50}$/, "Community names are 2-50 letters, digits or underscores (r/ optional)"))
  .describe("A community name, e.g. selfhosted or r/selfhosted");

/** Hashtags, with or without their #. */
export const ZHashtag = z
  .string()
  .trim()
  .transform((v) => v.replace(/^#/, ""))
  .pipe(z.string().regex(/^[\p{L}\p{N}_]{1,100}$/u, "Hashtags are letters, digits or underscores (# optional)"))
  .describe("A hashtag, e.g. selfhosted or #selfhosted");

export const FORUM_SORTS = ["new", "hot", "top", "relevance"] as const;
export const TIME_WINDOWS = ["day", "week", "month", "year"] as const;

export const ZForumScoutInput = z
  .object({
    communities: z
      .array(ZCommunityName)
      .min(1)
      .max(10)
      .optional()
      .describe("Communities to read (up to 10); default: the campaign profile's communities"),
    query: z.string().trim().min(1).max(200).optional().describe("Search words; without them the community listing is read"),
    sort: z.enum(FORUM_SORTS).optional().describe("new (default), hot, top, or relevance (needs a query)"),
    timeWindow: z.enum(TIME_WINDOWS).optional().describe("For top and search: day, week (default), month, year"),
    limit: z.number().int().min(1).max(100).optional().describe("Posts per community, 1-100 (default 25)"),
  })
  .strict();
export type ForumScoutInput = z.infer<typeof ZForumScoutInput>;

export const ZSubredditSnapshotInput = z.object({ community: ZCommunityName }).strict();

export const ZNewsSearchInput = z
  .object({
    query: z.string().trim().min(1).max(200).describe("Search words"),
    days: z.number().int().min(1).max(365).optional().describe("Only stories from the last N days, 1-365 (default 30)"),
    limit: z.number().int().min(1).max(50).optional().describe("How many stories, 1-50 (default 20)"),
  })
  .strict();
export type NewsSearchInput = z.infer<typeof ZNewsSearchInput>;

export const ZFederatedScoutInput = z
  .object({
    hashtags: z
      .array(ZHashtag)
      .min(1)
      .max(10)
      .optional()
      .describe("Hashtags to read (up to 10); default: the campaign profile's hashtags"),
    limit: z.number().int().min(1).max(40).optional().describe("Statuses per hashtag, 1-40 (default 20)"),
  })
  .strict();
export type FederatedScoutInput = z.infer<typeof ZFederatedScoutInput>;

const ZTargetUser = z.string().trim().min(1).max(200).describe("The person's handle (u/ or @ prefixes are dropped)");

export const ZCandidateInput = z
  .object({
    targetUser: ZTargetUser,
    community: z.string().trim().min(1).max(200).optional().describe("Where they were found"),
    sourceUrl: z.string().trim().url().max(2000).optional().describe("The post or status that made them a candidate"),
    note: z.string().trim().max(1000).optional().describe("Why they are a candidate"),
  })
  .strict();
export type CandidateInput = z.infer<typeof ZCandidateInput>;

export const STAGING_ACTIONS = ["list", "add", "shortlist"] as const;

/**
 * staging_candidates takes one flat object (tool input schemas must be a JSON object, and agents handle a flat one
 * best); which fields an action needs is checked by this union.
 */
export const ZStagingAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("list"), shortlistedOnly: z.boolean().optional() }).strict(),
  z.object({ action: z.literal("add"), candidates: z.array(ZCandidateInput).min(1).max(200) }).strict(),
  z
    .object({ action: z.literal("shortlist"), targetUsers: z.array(ZTargetUser).min(1).max(200), shortlisted: z.boolean().optional() })
    .strict(),
]);
export type StagingAction = z.infer<typeof ZStagingAction>;

export const ZStagingCandidatesToolInput = {
  action: z.enum(STAGING_ACTIONS).describe("list the run's candidates, add some, or (un)shortlist some"),
  shortlistedOnly: z.boolean().optional().describe("list: only the shortlisted ones"),
  candidates: z.array(ZCandidateInput).min(1).max(200).optional().describe("add: up to 200 candidates"),
  targetUsers: z.array(ZTargetUser).min(1).max(200).optional().describe("shortlist: the handles to mark"),
  shortlisted: z.boolean().optional().describe("shortlist: true (default) to shortlist, false to take them off"),
};

export const ZFederatedPostInput = z.object({ draftId: z.number().int().positive().max(2_147_483_647).describe("The approved draft to post") }).strict();
