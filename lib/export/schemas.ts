// GET /api/export/[resource]: the three resources, their filters (SPEC 4 "Export": the same as the matching page) and
// their columns, in the spec's order.
import { z } from "zod";
import { ZId, ZText } from "@/lib/http/fields";
import { DRAFT_KINDS, DRAFT_STATES } from "@/lib/drafts/schemas";
import { PLATFORMS } from "@/lib/campaigns/catalog";

export const EXPORT_RESOURCES = ["drafts", "contacts", "conversations"] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

const ZIdParam = ZId;
const ZFormat = z.literal("csv", { error: "The only export format is csv" }).default("csv");

function list<T extends [string, ...string[]]>(values: T) {
  return z
    .string()
    .transform((s) => s.split(",").map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1).max(values.length));
}

export const EXPORT_QUERIES = {
  drafts: z
    .object({
      format: ZFormat,
      state: list(DRAFT_STATES).optional(),
      kind: list(DRAFT_KINDS).optional(),
      run: ZIdParam.optional(),
      campaign: ZIdParam.optional(),
      project: ZIdParam.optional(),
      platform: z.enum(PLATFORMS).optional(),
      // The inbox's own filters, so an export from the page matches what it shows.
      minQuality: z.coerce.number().int().min(0).max(100).optional(),
      ids: z
        .string()
        .transform((s) => s.split(",").map((v) => v.trim()))
        .pipe(z.array(z.coerce.number<string>().int().positive().max(2_147_483_647)).min(1).max(100))
        .optional(),
    })
    .strict(),
  contacts: z
    .object({
      format: ZFormat,
      platform: z.enum(PLATFORMS).optional(),
      q: ZText.trim().max(200).optional(),
    })
    .strict(),
  conversations: z
    .object({
      format: ZFormat,
      filter: z.enum(["all", "replied", "awaiting"]).default("all").describe("replied: they wrote last; awaiting: we wrote last"),
      kind: z.enum(["all", "dm", "post_comment"]).default("all"),
    })
    .strict(),
} as const;

export type ExportQuery<R extends ExportResource> = z.infer<(typeof EXPORT_QUERIES)[R]>;

export const EXPORT_COLUMNS: Record<ExportResource, string[]> = {
  // The spec's ten columns first and in its order; then names beside the ids, the score and who approved it.
  drafts: [
    "id", "created_at", "state", "platform", "account_handle", "target_user", "target_community", "campaign_id", "run_id", "body",
    "project_id", "project_name", "campaign_name", "quality_score", "approved_by",
  ],
  contacts: ["id", "platform", "account_handle", "target_user", "first_contacted_at", "last_contacted_at", "outcome"],
  conversations: ["thread_id", "account_handle", "target_user", "kind", "last_message_at", "message_count"],
};
