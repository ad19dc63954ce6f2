// Everything the organization holds about one person (docs/privacy.md "Export"): for answering a person who asks
// what is held about them. Across all the organization's projects; the same selection an erasure removes.
import { db } from "@/lib/db/client";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { findPersonRows } from "@/lib/privacy/find-person-rows";
import { subjectHash } from "@/lib/privacy/subject-hash";

export interface PersonExport {
  format: "outreach.person-export.v1";
  exportedAt: string;
  organization: string;
  person: { platform: string; handle: string };
  /** Erased before: nothing else is held, only the suppression that keeps the agent from writing to them. */
  suppressed: boolean;
  optOut: { optedOut: boolean; since: string | null; source: string | null; words: string | null };
  contactHistory: Array<{ project: string | null; accountHandle: string; firstContactedAt: string; lastContactedAt: string; outcome: string }>;
  threads: Array<{
    id: number; kind: string; accountHandle: string; startedAt: string; lastMessageAt: string;
    messages: Array<{ id: number; direction: string; author: string; body: string; sentAt: string; permalink: string | null }>;
  }>;
  /** Their messages in conversations with someone else (a comment under another person's thread). */
  otherMessages: Array<{ id: number; threadId: number; direction: string; author: string; body: string; sentAt: string; permalink: string | null }>;
  drafts: Array<{
    id: number; kind: string; state: string; project: string | null; campaign: string | null; accountHandle: string;
    targetUser: string; targetCommunity: string | null; targetUrl: string | null; title: string | null; body: string;
    previousBody: string | null; createdAt: string; sentAt: string | null; repliedAt: string | null; publishedUrl: string | null;
    qualityScore: number | null; qualityReason: string | null;
    events: Array<{ event: string; actor: string | null; details: unknown; at: string }>;
    regenerationHints: Array<{ hint: string | null; at: string }>;
  }>;
  researchCandidates: Array<{ runId: number; community: string | null; sourceUrl: string | null; notes: unknown; foundAt: string }>;
  blocklist: Array<{ project: string | null; reason: string | null; since: string }>;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function exportPersonData({ orgId, platform, handle, now = new Date() }: { orgId: number; platform: string; handle: string; now?: Date }): Promise<PersonExport> {
  // One snapshot: a repeatable-read transaction, so a reply arriving meanwhile never shows half.
  return db.$transaction(
    async (tx) => {
      const rows = await findPersonRows(tx, { orgId, platform, handle });
      const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } });
      const suppressed = (await tx.suppression.count({ where: { organizationId: orgId, subjectHash: subjectHash(platform, handle) } })) > 0;
      const projects = new Map((await tx.project.findMany({ where: { organizationId: orgId }, select: { id: true, name: true } })).map((p) => [p.id, p.name]));
      const projectName = (id: number | null) => (id === null ? null : (projects.get(id) ?? null));

      const contacts = await tx.contactHistory.findMany({ where: { organizationId: orgId, id: { in: rows.contactIds } }, orderBy: { firstContactedAt: "asc" } });
      const optedOut = contacts.find((c) => c.optedOutAt !== null) ?? null;
      const threads = await tx.conversationThread.findMany({ where: { organizationId: orgId, id: { in: rows.threadIds } }, orderBy: { createdAt: "asc" } });
      const messages = await tx.conversationMessage.findMany({ where: { organizationId: orgId, id: { in: rows.messageIds } }, orderBy: [{ sentAt: "asc" }, { id: "asc" }] });
      const drafts = await tx.draft.findMany({
        where: { organizationId: orgId, id: { in: rows.draftIds } },
        orderBy: { id: "asc" },
        include: {
          campaign: { select: { name: true } },
          events: { orderBy: { id: "asc" }, select: { event: true, actorLabel: true, actorType: true, details: true, createdAt: true } },
          regenHints: { orderBy: { id: "asc" }, select: { hint: true, createdAt: true } },
        },
      });
      const candidates = await tx.stagingCandidate.findMany({ where: { organizationId: orgId, id: { in: rows.candidateIds } }, orderBy: { id: "asc" } });
      const blocks = await tx.blocklistEntry.findMany({ where: { organizationId: orgId, id: { in: rows.blocklistIds } }, orderBy: { id: "asc" } });

      const inThread = new Set(rows.threadIds);
      const messageView = (m: (typeof messages)[number]) => ({ id: m.id, direction: m.direction, author: m.author, body: m.body, sentAt: m.sentAt.toISOString(), permalink: m.permalink });
      return {
        format: "outreach.person-export.v1" as const,
        exportedAt: now.toISOString(),
        organization: org.name,
        person: { platform, handle: canonicalHandle(handle) },
        suppressed,
        optOut: { optedOut: optedOut !== null, since: iso(optedOut?.optedOutAt ?? null), source: optedOut?.optOutSource ?? null, words: optedOut?.optOutPhrase ?? null },
        contactHistory: contacts.map((c) => ({
          project: projectName(c.projectId), accountHandle: c.accountHandle, firstContactedAt: c.firstContactedAt.toISOString(),
          lastContactedAt: c.lastContactedAt.toISOString(), outcome: c.outcome,
        })),
        threads: threads.map((t) => ({
          id: t.id, kind: t.kind, accountHandle: t.accountHandle, startedAt: t.createdAt.toISOString(), lastMessageAt: t.lastMessageAt.toISOString(),
          messages: messages.filter((m) => m.threadId === t.id).map(messageView),
        })),
        otherMessages: messages.filter((m) => !inThread.has(m.threadId)).map((m) => ({ ...messageView(m), threadId: m.threadId })),
        drafts: drafts.map((d) => ({
          id: d.id, kind: d.kind, state: d.state, project: projectName(d.projectId), campaign: d.campaign?.name ?? null, accountHandle: d.accountHandle,
          targetUser: d.targetUser, targetCommunity: d.targetCommunity, targetUrl: d.targetUrl, title: d.title, body: d.body, previousBody: d.previousBody,
          createdAt: d.createdAt.toISOString(), sentAt: iso(d.sentAt), repliedAt: iso(d.repliedAt), publishedUrl: d.publishedUrl,
          qualityScore: d.qualityScore, qualityReason: d.qualityReason,
          events: d.events.map((e) => ({ event: e.event, actor: e.actorLabel ?? e.actorType, details: e.details, at: e.createdAt.toISOString() })),
          regenerationHints: d.regenHints.map((h) => ({ hint: h.hint, at: h.createdAt.toISOString() })),
        })),
        researchCandidates: candidates.map((c) => ({ runId: c.runId, community: c.community, sourceUrl: c.sourceUrl, notes: c.payload, foundAt: c.createdAt.toISOString() })),
        blocklist: blocks.map((b) => ({ project: projectName(b.projectId), reason: b.reason, since: b.createdAt.toISOString() })),
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
