// Demo load step: the two project insights, a weekly summary with evidence.
// Their figures are computed from the demo drafts as they stood when each insight was written.
import type { Prisma } from "@/lib/generated/prisma/client";
import { RUNS } from "@/lib/demo/campaigns";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";
import type { DraftSpec } from "@/lib/demo/drafts/draft-spec";
import type { ProjectKey } from "@/lib/demo/projects";
import { THREADS } from "@/lib/demo/threads";

/** What an insight written `asOfH` hours ago could have known about a project. */
function projectDraftStats(project: ProjectKey, asOfH: number) {
  const createdH = (d: DraftSpec): number => {
    if (!d.replyTo) return RUNS.find((r) => r.key === d.run)!.startH;
    const msg = THREADS.find((t) => t.key === d.replyTo!.thread)!.messages[d.replyTo.message];
    return msg.dir === "in" ? msg.atH : 0;
  };
  const drafts = DRAFTS.filter((d) => RUNS.find((r) => r.key === d.run)!.project === project && createdH(d) > asOfH);
  const sent = drafts.filter((d) => d.sentH !== undefined && d.sentH > asOfH);
  const replied = drafts.filter((d) => d.repliedH !== undefined && d.repliedH > asOfH);
  return { drafts, sent, replied, firstMessages: sent.filter((d) => !d.replyTo) };
}

export function buildInsights(x: {
  orgId: number;
  ago: (h: number) => Date;
  projectId: Map<ProjectKey, number>;
  draftId: Map<string, number>;
  messageId: Map<string, number>;
}): Prisma.ProjectInsightCreateManyInput[] {
  const t = projectDraftStats("ticklog", 6);
  const q = projectDraftStats("quietledger", 7);
  const id = (k: string) => x.draftId.get(k)!;
  const rate = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 0);

  return [
    {
      organizationId: x.orgId, projectId: x.projectId.get("ticklog")!, createdAt: x.ago(6),
      summaryMd: [
        "## Ticklog: the last two weeks",
        "",
        `- **${t.drafts.length} drafts**, ${t.sent.length} sent, ${t.replied.length} conversations started (${rate(t.replied.length, t.firstMessages.length)}% of first messages got an answer).`,
        "- Both replies came from people who had asked something concrete (offline use, backups). Messages that opened with a product pitch were rejected in review or scored below 45.",
        "- A second contact to **omar_invoices** is waiting for review inside the 90-day window; he never answered the first.",
        "- The forum account's session expired once (10 days ago); it has worked since it was reconnected.",
        "",
        "### Worth trying",
        "",
        "1. Keep leading with the answer; mention Ticklog in the second sentence, as in #" + id("d1") + " and #" + id("d14") + ".",
        "2. freelance_fern is asking about rounding rules; the pending reply answers it in two sentences.",
        "3. Consider skipping the follow-up to omar_invoices until he replies to the first message.",
      ].join("\n"),
      evidence: [
        { draftId: id("d1"), messageId: x.messageId.get("t1/1"), note: "Reply asking about offline use" },
        { draftId: id("d14"), messageId: x.messageId.get("t4/1"), note: "Reply asking about backups" },
        { draftId: id("d11"), note: "Rejected: generic opener (Q28)" },
        { draftId: id("d8"), note: "Dedup warning: second contact within 90 days" },
      ],
    },
    {
      organizationId: x.orgId, projectId: x.projectId.get("quietledger")!, createdAt: x.ago(7),
      summaryMd: [
        "## Quiet Ledger: the last two weeks",
        "",
        `- **${q.drafts.length} drafts**, ${q.sent.length} comments sent, ${q.replied.length} reply so far (${rate(q.replied.length, q.firstMessages.length)}% of sent comments).`,
        "- Comments that answered fully without the link scored highest (84-89). The one bare subscribe pitch was rejected.",
        "- Two campaign runs failed (a timeout on long threads, then a profile error); every run since has succeeded.",
        "",
        "### Worth trying",
        "",
        "1. The photo-location thread (#" + id("d28") + ") shows readers test advice themselves; concrete, checkable steps land well.",
        "2. The federated scout found two people who explicitly asked for resources; both drafts are still waiting for review.",
      ].join("\n"),
      evidence: [
        { draftId: id("d28"), messageId: x.messageId.get("t3/1"), note: "Reader confirmed the advice after testing it" },
        { draftId: id("d30"), note: "Sent, high score, no link" },
        { draftId: id("d34"), note: "Rejected: subscribe pitch (Q25)" },
      ],
    },
  ];
}
