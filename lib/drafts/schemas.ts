// Input schemas of the drafts domain, shared by the routes, the agent tools and the CLI.
import { z } from "zod";
import { ZDbId, ZId, ZText } from "@/lib/http/fields";
import { DraftKind, DraftState } from "@/lib/generated/prisma/enums";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { ZPermalink } from "@/lib/drafts/permalink";

export const DRAFT_STATES = Object.values(DraftState) as [DraftState, ...DraftState[]];
export const DRAFT_KINDS = Object.values(DraftKind) as [DraftKind, ...DraftKind[]];
/** What drafts_create and the CLI may make: follow-ups are made by the follow-up tick only (docs/sequences.md). */
const CREATABLE_KINDS = DRAFT_KINDS.filter((k) => k !== "followup_dm" && k !== "followup_comment") as [DraftKind, ...DraftKind[]];

const ZVersion = z.number().int().min(1).max(2_147_483_647).describe("The version the caller last saw (optional)");
const ZBody = ZText.trim().min(1, "The body cannot be empty").max(40_000);
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
      reason: ZText.trim().max(500).optional().describe("Why (kept on the draft event)"),
      undo: z
        .literal(true)
        .optional()
        .describe(
          "With state pending_review only: take back the latest approval or rejection and put back the state the draft had before it (a rejected draft that was approved is approved again)",
        ),
      permalink: ZPermalink.optional().describe(
        "With state sent only: the address of the post or comment you sent, so the removal checks can look at it later",
      ),
    })
    .strict()
    .refine((p) => p.permalink === undefined || p.state === "sent", { path: ["permalink"], message: "A link goes with state sent only" })
    .refine((p) => p.undo === undefined || p.state === "pending_review", { path: ["undo"], message: "Undo goes with state pending_review only" }),
]);
export type PatchDraftBody = z.infer<typeof ZPatchDraftBody>;

// Bulk calls are bounded so one request cannot hold the database for long.
export const ZBulkIds = z.array(ZDbId).min(1).max(500);


export const ZRegenerateBody = z
  .object({ hint: ZText.trim().max(1000).optional().describe("What the reviewer wants changed") })
  .strict();

export const ZUndoBody = z.object({ version: ZVersion.optional() }).strict();

export const DRAFT_SORTS = ["newest", "oldest", "quality_desc", "quality_asc"] as const;
export type DraftSort = (typeof DRAFT_SORTS)[number];

const ZIdParam = ZId;

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
    q: ZText.trim().max(200).optional().describe("Full-text search over the target handle, title and body; every word must match, the last may be a beginning"),
    sort: z.enum(DRAFT_SORTS).default("newest"),
    cursor: ZText.max(200).optional().describe("nextCursor of the previous page"),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ListDraftsQuery = z.infer<typeof ZListDraftsQuery>;

/** The filters of the inbox list without paging or order: the tab counts and the bulk routes' `filter`. */
export const ZDraftFilter = ZListDraftsQuery.omit({ sort: true, cursor: true, limit: true });
export type DraftFilter = z.infer<typeof ZDraftFilter>;

/**
 * "Select all matching": a bulk call names its drafts either by id or by the inbox's filter (the same fields as
 * GET /api/drafts, as strings, e.g. `{state: "pending_review,proposed", q: "flaky"}`). A filter reaches at most
 * BULK_FILTER_LIMIT drafts per call, the newest first; the answer says when more matched.
 */

const ZSendAfter = z.iso.datetime({ offset: true }).nullable().describe("ISO 8601 timestamp; null clears the schedule");
const ZRejectReason = ZText.trim().min(1).max(500).describe("Why (kept on each draft's rejected event)");

// A list of ids was picked on a screen some time ago: a draft acted on since (approved in its row, decided by a
// colleague) must not be swept up by the next bulk action. `states` names the states the selection was made in.
const ZBulkStates = z
  .array(z.enum(DRAFT_STATES))
  .min(1)
  .max(DRAFT_STATES.length)
  .describe("Act only on drafts still in one of these states (the view they were selected in); any other comes back skipped");

/** Exactly one of `ids` and `filter`, beside the action's own fields. */
function bulkTarget<S extends z.ZodRawShape>(extra: S) {
  return z.union([
    z.object({ ids: ZBulkIds, states: ZBulkStates.optional(), ...extra }).strict(),
    z.object({ filter: ZDraftFilter.describe("Every draft matching the inbox filter (at most 5,000 per call)"), ...extra }).strict(),
  ]);
}

export const ZBulkApproveBody = bulkTarget({});

export const ZBulkRescheduleBody = bulkTarget({ send_after: ZSendAfter });

export const ZBulkRejectBody = bulkTarget({ reason: ZRejectReason.optional() });
export type BulkTargetBody = { ids: number[]; states?: DraftState[] } | { filter: DraftFilter };

/** One entry of a draft-creation batch (SPEC `drafts_create` entry shape plus the optional context fields). */
export const ZDraftEntry = z
  .object({
    accountId: ZDbId.optional().describe(
      "The account the draft is sent from. Leave it out when the campaign sends from several accounts (run_start's sendAccounts): one of them is chosen when the draft is sent",
    ),
    kind: z.enum(CREATABLE_KINDS),
    targetUser: ZText.trim().min(1).max(200).describe("The person addressed (for a post, the community)"),
    targetCommunity: ZText.trim().min(1).max(200).optional(),
    targetUrl: z.url().max(2000).optional().describe("The post being commented on or the thread continued"),
    title: ZText.trim().min(1).max(300).optional().describe("Title of a top-level post"),
    body: ZBody,
    variants: z.array(ZBody).max(25).optional().describe("Alternative bodies: variants B, C, ..."),
    // SPEC "Quality scoring": the agent that writes a body scores it on the same call, so every draft has a score
    // (the inbox's Q badge, ?minQuality and the quality sort read it). Variants share the primary's score.
    qualityScore: ZQualityScore.describe("Required: the 0-100 score you gave the body against the organization's quality rubric"),
    qualityReason: ZText.trim().max(1000).optional().describe("One sentence on why the body got that score"),
    qualityModel: ZText.trim().max(200).optional().describe("The model that judged it"),
    scheduledSendAfter: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type DraftEntry = z.infer<typeof ZDraftEntry>;

export const ZDraftEntries = z.array(ZDraftEntry).min(1).max(200);
