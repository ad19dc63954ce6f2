// project_insights: the project-insighter's finish step. One call writes exactly one project_insights row and the
// run's success in one transaction (SPEC 3: "A finish tool writes the run's terminal status and its artifact in one
// transaction"). Evidence may only cite drafts and messages of this project of this organization; anything else is
// refused and nothing is written. With fewer than INSIGHT_MIN_DRAFTS drafts the row is the stub, whatever was sent.
import { db } from "@/lib/db/client";
import { AppError, notFound, requireIdsFound } from "@/lib/http/errors";
import { commitRunTerminal } from "@/lib/runs/commit-run-terminal";
import { INSIGHT_MIN_DRAFTS, INSIGHT_STUB_TEXT, type InsightEvidenceItem } from "@/lib/insights/schemas";
import { projectDraftWhere, projectMessageWhere } from "@/lib/insights/project-scope";

export interface SubmitProjectInsightInput {
  orgId: number;
  runId: number;
  projectId: number;
  summaryMd: string;
  evidence: InsightEvidenceItem[];
}

export async function submitProjectInsight({ orgId, runId, projectId, summaryMd, evidence }: SubmitProjectInsightInput) {
  return db.$transaction(async (tx) => {
    const project = await tx.project.findFirst({ where: { id: projectId, organizationId: orgId }, select: { id: true } });
    if (!project) throw notFound("Project");

    const draftCount = await tx.draft.count({ where: projectDraftWhere(orgId, projectId) });
    const stub = draftCount < INSIGHT_MIN_DRAFTS;

    // Cited ids are checked even for the stub (which keeps no evidence), so a call answers the same way whatever
    // the project's size.
    const draftIds = [...new Set(evidence.flatMap((e) => (e.draftId ? [e.draftId] : [])))];
    const messageIds = [...new Set(evidence.flatMap((e) => (e.messageId ? [e.messageId] : [])))];
    // One connection per transaction: the two reads run one after the other.
    const drafts = draftIds.length
      ? await tx.draft.findMany({ where: { ...projectDraftWhere(orgId, projectId), id: { in: draftIds } }, select: { id: true } })
      : [];
    const messages = messageIds.length
      ? await tx.conversationMessage.findMany({ where: { ...projectMessageWhere(orgId, projectId), id: { in: messageIds } }, select: { id: true } })
      : [];
    // Another organization's or another project's row reads exactly like a missing one.
    requireIdsFound(
      [
        { what: "Draft", asked: draftIds, found: drafts.map((d) => d.id) },
        { what: "Message", asked: messageIds, found: messages.map((m) => m.id) },
      ],
      "Cite ids from project_insights_context.",
    );

    const insight = await tx.projectInsight.create({
      data: {
        organizationId: orgId,
        projectId,
        runId,
        summaryMd: stub ? INSIGHT_STUB_TEXT : summaryMd,
        evidence: stub ? [] : evidence.map((e) => ({ ...(e.draftId ? { draftId: e.draftId } : {}), ...(e.messageId ? { messageId: e.messageId } : {}), ...(e.note ? { note: e.note } : {}) })),
        isStub: stub,
      },
      select: { id: true },
    });
    const committed = await commitRunTerminal(tx, { orgId, runId, status: "success", params: { insightId: insight.id, stub } });
    if (!committed) throw new AppError("conflict", `Run ${runId} has already finished`);
    return { insightId: insight.id, stub };
  });
}
