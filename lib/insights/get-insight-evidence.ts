// The Insights tab lists a brief's evidence as links: what each cited draft and message is, read from this
// project of this organization only. A cited row deleted since the brief was written shows as missing.
import { db } from "@/lib/db/client";
import type { InsightEvidenceView } from "@/lib/insights/get-project-insights";
import { projectDraftWhere, projectMessageWhere } from "@/lib/insights/project-scope";

export type EvidenceDetail =
  | { type: "draft"; id: number; note: string | null; found: true; kind: string; state: string; targetUser: string; excerpt: string }
  | { type: "message"; id: number; note: string | null; found: true; threadId: number; direction: string; author: string; excerpt: string }
  | { type: "draft" | "message"; id: number; note: string | null; found: false };

const EXCERPT_CHARS = 140;
const flat = (text: string) => {
  const s = text.replace(/\s+/g, " ").trim();
  return s.length > EXCERPT_CHARS ? `${s.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : s;
};

export async function getInsightEvidence({ orgId, projectId, evidence }: { orgId: number; projectId: number; evidence: InsightEvidenceView[] }): Promise<EvidenceDetail[]> {
  const draftIds = evidence.flatMap((e) => (e.draftId ? [e.draftId] : []));
  const messageIds = evidence.flatMap((e) => (e.messageId ? [e.messageId] : []));
  const [drafts, messages] = await Promise.all([
    draftIds.length
      ? db.draft.findMany({ where: { ...projectDraftWhere(orgId, projectId), id: { in: draftIds } }, select: { id: true, kind: true, state: true, targetUser: true, body: true } })
      : [],
    messageIds.length
      ? db.conversationMessage.findMany({ where: { ...projectMessageWhere(orgId, projectId), id: { in: messageIds } }, select: { id: true, threadId: true, direction: true, author: true, body: true } })
      : [],
  ]);
  const draftById = new Map(drafts.map((d) => [d.id, d]));
  const messageById = new Map(messages.map((m) => [m.id, m]));

  // An item that cites both a draft and a message becomes two rows, each with the note.
  return evidence.flatMap((e): EvidenceDetail[] => {
    const note = e.note ?? null;
    const rows: EvidenceDetail[] = [];
    if (e.draftId) {
      const d = draftById.get(e.draftId);
      rows.push(d ? { type: "draft", id: d.id, note, found: true, kind: d.kind, state: d.state, targetUser: d.targetUser, excerpt: flat(d.body) } : { type: "draft", id: e.draftId, note, found: false });
    }
    if (e.messageId) {
      const m = messageById.get(e.messageId);
      rows.push(m ? { type: "message", id: m.id, note, found: true, threadId: m.threadId, direction: m.direction, author: m.author, excerpt: flat(m.body) } : { type: "message", id: e.messageId, note, found: false });
    }
    return rows;
  });
}
