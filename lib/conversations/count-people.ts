import { db } from "@/lib/db/client";

/** The counts on the People page's tabs. */
export async function countPeople({ orgId }: { orgId: number }): Promise<{ threads: number; contacts: number }> {
  const [threads, contacts] = await Promise.all([
    db.conversationThread.count({ where: { organizationId: orgId } }),
    db.contactHistory.count({ where: { organizationId: orgId } }),
  ]);
  return { threads, contacts };
}
