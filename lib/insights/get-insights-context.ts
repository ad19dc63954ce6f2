// project_insights_context: what the project-insighter reads before writing its brief (SPEC "Per-playbook
// contracts"): the project, its draft, sent and reply counts, whether there is enough to say anything, and a sample
// of recent drafts and conversation messages whose ids the brief can cite as evidence.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";
import { INSIGHT_MIN_DRAFTS } from "@/lib/insights/schemas";
import { projectDraftWhere, projectMessageWhere } from "@/lib/insights/project-scope";

/** How many recent drafts and messages the sample holds: enough to see patterns, small enough for one prompt. */
export const SAMPLE_DRAFTS = 25;
export const SAMPLE_MESSAGES = 40;
/** Long bodies are cut in the sample; the ids stay citable. */
const BODY_CHARS = 1200;

const clip = (text: string) => (text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text);

export async function getInsightsContext({ orgId, projectId }: { orgId: number; projectId: number }) {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId: orgId }, select: { id: true, name: true, description: true, website: true } });
  if (!project) throw notFound("Project");
  const drafts = projectDraftWhere(orgId, projectId);
  const messages = projectMessageWhere(orgId, projectId);

  const [draftCount, sentCount, replyCount, recentDrafts, recentMessages] = await Promise.all([
    db.draft.count({ where: drafts }),
    db.draft.count({ where: { ...drafts, OR: [{ sentAt: { not: null } }, { state: { in: ["sent", "replied"] } }] } }),
    db.conversationMessage.count({ where: { ...messages, direction: "inbound" } }),
    db.draft.findMany({
      where: drafts,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: SAMPLE_DRAFTS,
      select: {
        id: true, kind: true, state: true, platform: true, accountHandle: true, targetUser: true, targetCommunity: true,
        title: true, body: true, qualityScore: true, campaignId: true, createdAt: true, sentAt: true, repliedAt: true,
      },
    }),
    db.conversationMessage.findMany({
      where: messages,
      orderBy: [{ sentAt: "desc" }, { id: "desc" }],
      take: SAMPLE_MESSAGES,
      select: { id: true, threadId: true, direction: true, author: true, body: true, sentAt: true, thread: { select: { kind: true, parentDraftId: true } } },
    }),
  ]);

  return {
    project,
    draftCount,
    sentCount,
    replyCount,
    enoughData: draftCount >= INSIGHT_MIN_DRAFTS,
    minimumDrafts: INSIGHT_MIN_DRAFTS,
    recentDrafts: recentDrafts.map((d) => ({ ...d, body: clip(d.body) })),
    recentMessages: recentMessages.map(({ thread, ...m }) => ({ ...m, body: clip(m.body), threadKind: thread.kind, parentDraftId: thread.parentDraftId })),
  };
}
