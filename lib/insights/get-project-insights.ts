// GET /api/projects/[id]/insights and the Insights tab: the latest brief (or null) and the live run writing the next.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { INSIGHTS_RUN_KIND } from "@/lib/insights/request-project-insights";
import { INSIGHT_MIN_DRAFTS } from "@/lib/insights/schemas";
import { projectDraftWhere } from "@/lib/insights/project-scope";

export interface InsightEvidenceView {
  draftId?: number;
  messageId?: number;
  note?: string;
}

export async function getProjectInsights({ orgId, projectId }: { orgId: number; projectId: number }) {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId, archivedAt: null }, select: { id: true } });
  if (!project) throw notFound("Project");
  const [latest, live, draftCount] = await Promise.all([
    db.projectInsight.findFirst({
      where: { organizationId: orgId, projectId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, runId: true, summaryMd: true, evidence: true, isStub: true, createdAt: true },
    }),
    findLiveProjectRun({ orgId, projectId, kind: INSIGHTS_RUN_KIND }),
    db.draft.count({ where: projectDraftWhere(orgId, projectId) }),
  ]);
  return {
    insight: latest ? { ...latest, evidence: normaliseEvidence(latest.evidence) } : null,
    running: live !== null,
    liveRunId: live?.id ?? null,
    // So the page can say why a brief is the stub.
    draftCount,
    minimumDrafts: INSIGHT_MIN_DRAFTS,
  };
}

/** Rows are written through the tool's schema; this only guards against rows written by hand. */
function normaliseEvidence(raw: unknown): InsightEvidenceView[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((e): InsightEvidenceView[] => {
    if (!e || typeof e !== "object") return [];
    const o = e as Record<string, unknown>;
    const item: InsightEvidenceView = {};
    if (Number.isInteger(o.draftId)) item.draftId = o.draftId as number;
    if (Number.isInteger(o.messageId)) item.messageId = o.messageId as number;
    if (typeof o.note === "string" && o.note) item.note = o.note;
    return item.draftId || item.messageId ? [item] : [];
  });
}
