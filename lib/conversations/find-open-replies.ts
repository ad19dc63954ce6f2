// Replies of a thread that still need something from us: in review (being drafted, failed to draft, or drafted) or
// approved and not yet sent. Sent ones are part of the conversation; rejected ones are gone.
import { db } from "@/lib/db/client";
import type { DraftState } from "@/lib/generated/prisma/enums";

export const OPEN_REPLY_STATES: readonly DraftState[] = ["proposed", "pending_review", "approved", "armed"];

/** What the reviewer has to do about a reply, most urgent first when a thread has several. */
export type ReplyStatus = "drafting_failed" | "to_review" | "drafting" | "approved";
const URGENCY: readonly ReplyStatus[] = ["drafting_failed", "to_review", "drafting", "approved"];

export interface OpenReply {
  draftId: number;
  /** The draft's version, for the optimistic lock of an Approve or Reject taken on it. */
  version: number;
  body: string;
  threadId: number;
  state: DraftState;
  status: ReplyStatus;
  /** The drafting run while the reply is a placeholder (running or failed). */
  draftingRunId: number | null;
  /** For a placeholder: how its drafting run ended (null while running or when the row is gone). */
  runStatus: "running" | "success" | "failed" | null;
  failureReason: string | null;
  /**
   * Set when the drafting run was never started because no runner could run it: the sentence saying what to do
   * (lib/replies/choose-reply-runner.ts).
   */
  notStarted: string | null;
}

export async function findOpenReplies({ orgId, threadIds }: { orgId: number; threadIds: number[] }): Promise<OpenReply[]> {
  if (threadIds.length === 0) return [];
  const drafts = await db.draft.findMany({
    where: {
      organizationId: orgId,
      kind: { in: ["reply_dm", "reply_comment"] },
      state: { in: [...OPEN_REPLY_STATES] },
      parentMessage: { organizationId: orgId, threadId: { in: threadIds } },
    },
    orderBy: { id: "asc" },
    select: { id: true, version: true, body: true, state: true, draftingRunId: true, parentMessage: { select: { threadId: true } } },
  });
  const runIds = drafts.flatMap((d) => (d.draftingRunId !== null ? [d.draftingRunId] : []));
  const runs = runIds.length
    ? await db.run.findMany({ where: { organizationId: orgId, id: { in: runIds } }, select: { id: true, status: true, failureReason: true, error: true, params: true } })
    : [];
  const runById = new Map(runs.map((r) => [r.id, r]));
  return drafts.map((d) => {
    const run = d.draftingRunId !== null ? runById.get(d.draftingRunId) : undefined;
    // A placeholder whose run ended any other way (failed, closed with run_finish instead of reply_draft_finish, or
    // its row is gone) will not be filled in: it needs a retry.
    const status: ReplyStatus =
      d.draftingRunId !== null
        ? run?.status === "running" ? "drafting" : "drafting_failed"
        : d.state === "approved" || d.state === "armed" ? "approved" : "to_review";
    return {
      draftId: d.id,
      version: d.version,
      body: d.body,
      threadId: d.parentMessage!.threadId,
      state: d.state,
      status,
      draftingRunId: d.draftingRunId,
      runStatus: run?.status ?? null,
      failureReason: status === "drafting_failed" ? (run?.failureReason ?? null) : null,
      notStarted: status === "drafting_failed" && (run?.params as { notStarted?: unknown } | undefined)?.notStarted === true ? (run?.error ?? null) : null,
    };
  });
}

/** The status a thread list shows: the most urgent of its open replies. */
export function mostUrgent(replies: OpenReply[]): ReplyStatus | null {
  let best: ReplyStatus | null = null;
  for (const r of replies) if (best === null || URGENCY.indexOf(r.status) < URGENCY.indexOf(best)) best = r.status;
  return best;
}
