// Input schemas of the drafts domain, shared by the routes, the agent tools and the CLI.
import { z } from "zod";
import { DraftKind, DraftState } from "@/lib/generated/prisma/enums";
import { PLATFORMS } from "@/lib/campaigns/catalog";

export const DRAFT_STATES = Object.values(DraftState) as [DraftState, ...DraftState[]];
export const DRAFT_KINDS = Object.values(DraftKind) as [DraftKind, ...DraftKind[]];

const ZVersion = z.number().int().min(1).max(2_147_483_647).describe("The version the caller last saw (optional)");
const ZBody = z.string().trim().min(1, "The body cannot be empty").max(40_000);
export const ZQualityScore = z.number().int().min(0).max(100).describe("0-100 against the organization's quality rubric");

/** PATCH /api/drafts/[id]: either an inline body edit or a review transition, never both. */
export const ZPatchDraftBody = z.union([
  z.object({ body: ZBody, version: ZVersion.optional() }).strict(),
  z
    .object({
      state: z
        .enum(["approved", "rejected", "sent", "pending_review"])
        .describe("approved/rejected: review; sent: a manual send; pending_review: reopen an approved or rejected draft"),
      version: ZVersion.optional(),
      reason: z.string().trim().max(500).optional().describe("Why (kept on the draft event)"),
    })
    .strict(),
]);
export type PatchDraftBody = z.infer<typeof ZPatchDraftBody>;

// Bulk calls are bounded so one request cannot hold the database for long.
const ZIds = z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500);

export const ZBulkApproveBody = z.object({ ids: ZIds }).strict();

export const ZBulkRescheduleBody = z
  .object({
    ids: ZIds,
    send_after: z.iso
      .datetime({ offset: true })
      .nullable()
      .describe("ISO 8601 timestamp; null clears the schedule"),
  })
  .strict();

export const ZRegenerateBody = z
  .object({ hint: z.string().trim().max(1000).optional().describe("What the reviewer wants changed") })
  .strict();

export const ZUndoBody = z.object({ version: ZVersion.optional() }).strict();

export const DRAFT_SORTS = ["newest", "oldest", "quality_desc", "quality_asc"] as const;
export type DraftSort = (typeof DRAFT_SORTS)[number];

const ZIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A comma-separated list in a query string (`state=pending_review,proposed`). */
function csv<T extends [string, ...string[]]>(values: T) {
  return z
    .string()
    .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));
}

/** GET /api/drafts: the inbox list. Every filter is optional and maps 1:1 to the page's URL. */
export const ZListDraftsQuery = z
  .object({
    state: csv(DRAFT_STATES).optional(),
    kind: csv(DRAFT_KINDS).optional(),
    campaign: ZIdParam.optional(),
    project: ZIdParam.optional(),
    run: ZIdParam.optional(),
    ids: z
      .string()
      .transform((s) => s.split(",").map((v) => v.trim()))
      .pipe(z.array(z.coerce.number<string>().int().positive().max(2_147_483_647)).min(1).max(100))
      .optional()
      .describe("Only these drafts (comma-separated ids), e.g. the drafts an insight cites"),
    platform: z.enum(PLATFORMS).optional(),
    minQuality: z.coerce.number().int().min(0).max(100).optional(),
    sort: z.enum(DRAFT_SORTS).default("newest"),
    cursor: z.string().max(200).optional().describe("nextCursor of the previous page"),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ListDraftsQuery = z.infer<typeof ZListDraftsQuery>;

/** One entry of a draft-creation batch (SPEC `drafts_create` entry shape plus the optional context fields). */
export const ZDraftEntry = z
  .object({
    accountId: z.number().int().positive().describe("The account the draft is sent from"),
    kind: z.enum(DRAFT_KINDS),
    targetUser: z.string().trim().min(1).max(200).describe("The person addressed (for a post, the community)"),
    targetCommunity: z.string().trim().min(1).max(200).optional(),
    targetUrl: z.url().max(2000).optional().describe("The post being commented on or the thread continued"),
    title: z.string().trim().min(1).max(300).optional().describe("Title of a top-level post"),
    body: ZBody,
    variants: z.array(ZBody).max(25).optional().describe("Alternative bodies: variants B, C, ..."),
    qualityScore: ZQualityScore.optional(),
    qualityReason: z.string().trim().max(1000).optional(),
    qualityModel: z.string().trim().max(200).optional(),
    scheduledSendAfter: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type DraftEntry = z.infer<typeof ZDraftEntry>;

export const ZDraftEntries = z.array(ZDraftEntry).min(1).max(200);
