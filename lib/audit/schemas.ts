// The audit feed (SPEC 1.7): the union of draft events and run events, newest first, with its filters and cursor.
import { z } from "zod";

export const ZAuditQuery = z
  .object({
    event: z.string().trim().min(1).max(80).regex(/^[a-z_.:]+$/, "An event name such as approved or tool_call").optional().describe("Draft event name or run event type"),
    draft: z.coerce.number().int().positive().max(2_147_483_647).optional().describe("Only this draft's events"),
    run: z.coerce.number().int().positive().max(2_147_483_647).optional().describe("Only this run's events"),
    actor: z.string().trim().min(1).max(200).optional().describe("Who acted: a username, `Browser extension`, `system`, or `run #<id>`"),
    from: z.coerce.date().optional().describe("On or after this time (ISO 8601)"),
    to: z.coerce.date().optional().describe("Before this time (ISO 8601)"),
    kind: z.enum(["draft", "run"]).optional().describe("Only one side of the feed"),
    cursor: z.string().regex(/^\d{13}\.\d{3}_(draft|run)_\d{1,10}$/, "A cursor from a previous page").optional().describe("nextCursor of the previous page"),
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
}
