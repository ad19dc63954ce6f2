// GET /api/cloud-runner/tokens: the organization's tokens, newest first, with when a relay last reported a run.
import { db } from "@/lib/db/client";
import { tokenView } from "@/lib/cloud-runner-tokens/token-view";

export async function listCloudRunnerTokens({ orgId, now = new Date() }: { orgId: number; now?: Date }) {
  const rows = await db.cloudRunnerToken.findMany({ where: { organizationId: orgId }, orderBy: { id: "desc" }, take: 200, include: { createdBy: { select: { username: true } } } });
  return rows.map((t) => tokenView(t, now));
}
