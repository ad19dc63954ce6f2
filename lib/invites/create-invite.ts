// POST /api/invites: a single-use link that joins the organization with a role, valid for a week. Admins invite
// members and admins; only an owner can invite another owner. With billing on, members and pending invites
// together stay within the plan's seats.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import type { Role } from "@/lib/generated/prisma/enums";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import { INVITE_TTL_DAYS, mintInviteToken } from "@/lib/invites/invite-token";
import { inviteView } from "@/lib/invites/invite-view";

export async function createInvite({ orgId, userId, callerRole, role, origin, now = new Date() }: { orgId: number; userId: number | null; callerRole: Role; role: Role; origin: string; now?: Date }) {
  if (role === "owner" && !hasRole(callerRole, "owner")) throw new AppError("forbidden", "Only an owner can invite another owner");
  if (billingSettings()) {
    const { plan } = await getCloudAllowance({ orgId, now });
    const seats = (await db.membership.count({ where: { organizationId: orgId } })) + (await db.invite.count({ where: { organizationId: orgId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } }));
    if (seats >= plan.members) {
      throw new AppError("plan_limit", `The ${plan.label} plan has ${plan.members} seats, and members and pending invitations fill them. Upgrade in Settings > Billing, or revoke an invitation.`, { upgradeUrl: "/settings/billing" });
    }
  }
  const { token, hash } = mintInviteToken();
  const invite = await db.invite.create({
    data: { organizationId: orgId, tokenHash: hash, role, createdById: userId, expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000) },
    include: { createdBy: { select: { username: true } } },
  });
  // The token is in the answer once; only its hash is kept.
  return { ...inviteView(invite, now), token, url: `${origin}/join/${token}` };
}
