// Demo load step: the notification feed (run results, new drafts, replies), some read and some not.
import type { Prisma } from "@/lib/generated/prisma/client";
import { CAMPAIGNS } from "@/lib/demo/campaigns";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";
import type { RunTimes } from "@/lib/demo/fill-runs";

export function buildNotifications(x: {
  orgId: number;
  ago: (h: number) => Date;
  runId: Map<string, number>;
  draftId: Map<string, number>;
  threadId: Map<string, number>;
  messageId: Map<string, number>;
  campaignId: Map<string, number>;
  runTimes: Map<string, RunTimes>;
}): Prisma.NotificationCreateManyInput[] {
  const at = (run: string) => x.runTimes.get(run)!.end!;
  const drafts = (run: string) => DRAFTS.filter((d) => d.run === run).map((d) => x.draftId.get(d.key)!);
  const name = (key: string) => CAMPAIGNS.find((c) => c.key === key)!.name;
  return [
    {
      organizationId: x.orgId, kind: "run.success", title: `Run finished: ${name("a1")}`, body: `${drafts("a1-4").length} drafts waiting for review`,
      payload: { runId: x.runId.get("a1-4"), campaignId: x.campaignId.get("a1"), draftsCreated: drafts("a1-4").length },
      createdAt: at("a1-4"), readAt: x.ago(30),
    },
    {
      organizationId: x.orgId, kind: "run.failed", title: `Run failed: ${name("c1")}`, body: "playbook_error: the playbook helper crashed while reading the profile",
      payload: { runId: x.runId.get("c1-4"), campaignId: x.campaignId.get("c1"), failureReason: "playbook_error" },
      createdAt: at("c1-4"), readAt: x.ago(70),
    },
    {
      organizationId: x.orgId, kind: "drafts.created", title: `${drafts("c1-5").length} new drafts for Quiet Ledger`, body: name("c1"),
      payload: { runId: x.runId.get("c1-5"), draftIds: drafts("c1-5") },
      createdAt: at("c1-5"), readAt: null,
    },
    {
      organizationId: x.orgId, kind: "reply.received", title: "freelance_fern replied", body: "installed it last night, the import from my old csv worked first try...",
      payload: { threadId: x.threadId.get("t1"), draftId: x.draftId.get("d1"), messageId: x.messageId.get("t1/3") },
      createdAt: x.ago(240), readAt: x.ago(238),
    },
    {
      organizationId: x.orgId, kind: "reply.received", title: "kettle_and_code replied", body: "thanks! does it support more than one user?...",
      payload: { threadId: x.threadId.get("t2"), draftId: x.draftId.get("d2"), messageId: x.messageId.get("t2/1") },
      createdAt: x.ago(0.05), readAt: null,
    },
  ];
}
