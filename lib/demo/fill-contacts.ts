// Demo load step: contact history, one row per (platform, target), from everything that was actually sent.
import type { Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { DemoPlan } from "@/lib/demo/demo-plan";
import { DRAFTS } from "@/lib/demo/drafts/all-drafts";

export async function fillContacts(tx: Tx, plan: DemoPlan, sentAtOf: Map<string, Date | null>): Promise<number> {
  const contacts = new Map<string, Prisma.ContactHistoryCreateManyInput>();
  for (const d of DRAFTS) {
    const sentAt = sentAtOf.get(d.key);
    if (!sentAt) continue;
    const platform = plan.platformOfDraft(d);
    const key = `${platform}/${d.targetUser}`;
    const replied = DRAFTS.some((o) => o.state === "replied" && o.targetUser === d.targetUser && plan.platformOfDraft(o) === platform);
    const prev = contacts.get(key);
    const row: Prisma.ContactHistoryCreateManyInput = {
      organizationId: plan.orgId, platform, targetUser: d.targetUser, accountHandle: plan.accountOf(d).handle,
      projectId: plan.projectId.get(plan.runSpec.get(d.run)!.project)!, lastDraftId: plan.draftId.get(d.key)!,
      firstContactedAt: prev && prev.firstContactedAt < sentAt ? prev.firstContactedAt : sentAt,
      lastContactedAt: sentAt, outcome: replied ? "replied" : "sent",
    };
    if (prev && prev.lastContactedAt > sentAt) Object.assign(row, { lastContactedAt: prev.lastContactedAt, lastDraftId: prev.lastDraftId, accountHandle: prev.accountHandle });
    contacts.set(key, row);
  }
  await tx.contactHistory.createMany({ data: [...contacts.values()] });
  return contacts.size;
}
