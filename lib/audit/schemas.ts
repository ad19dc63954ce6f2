// The audit feed (SPEC 1.7): the union of draft events and run events, newest first, with its filters and cursor.
import { z } from "zod";
import { MAX_DB_ID, ZId, ZText } from "@/lib/http/fields";

export const ZAuditQuery = z
  .object({
    event: ZText.trim().min(1).max(80).regex(/^[a-z_.:]+$/, "An event name such as approved or tool_call").optional().describe("Draft event name or run event type"),
    draft: ZId.optional().describe("Only this draft's events"),
    run: ZId.optional().describe("Only this run's events"),
    actor: ZText.trim().min(1).max(200).optional().describe("Who acted: a username, `Browser extension`, `system`, or `run #<id>`"),
    from: z.coerce.date().optional().describe("On or after this time (ISO 8601)"),
    to: z.coerce.date().optional().describe("Before this time (ISO 8601)"),
    kind: z.enum(["draft", "run"]).optional().describe("Only one side of the feed"),
    view: z
      .enum(["decisions", "all"])
      .optional()
      .describe("decisions: what people did to drafts (approved, rejected, edited, sent, ...) with each run folded into one row; all (default): every event"),
    cursor: ZText.regex(/^\d{13}\.\d{3}_(draft|run)_\d{1,10}$/, "A cursor from a previous page")
      .refine((c) => Number(c.split("_")[2]) <= MAX_DB_ID, "A cursor from a previous page")
      .optional().describe("nextCursor of the previous page"),
    limit: z.coerce.number().int().min(1).max(200).optional().describe("Page size (default 50)"),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: "from must be before to", path: ["from"] });

export type AuditQuery = z.infer<typeof ZAuditQuery>;

export interface AuditRow {
  kind: "draft" | "run";
  id: number;
  createdAt: string;
  /** The draft event's name, or the run event's type (lifecycle, tool_call, message_chunk, ...). */
  event: string;
  actor: { type: string; id: number | null; label: string };
  draftId: number | null;
  runId: number | null;
  summary: string;
  /** A run folded into one row (the decisions view): what it was and how many events its log holds. */
  run?: RunOutline;
}

export interface RunOutline {
  kind: string;
  status: string;
  runner: string;
  failureReason: string | null;
  campaignName: string | null;
  events: number;
  drafts: number;
}
