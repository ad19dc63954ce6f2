// POST /api/invites: a single-use link that joins the organization with a role, valid for a week. Admins invite
// members and admins; only an owner can invite another owner. With billing on, members and pending invites
// together stay within the plan's seats, counted with the organization locked (lib/billing/lock-seats.ts).
// With an email address the link is also mailed there when mail is configured (at most 30 invitation mails an hour
// per organization, so a tenant cannot use the service to mail strangers in bulk); the link is answered once either way.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import type { Role } from "@/lib/generated/prisma/enums";
import type { Logger } from "@/lib/log/logger";
import { lockSeats } from "@/lib/billing/lock-seats";
import { mailSettings } from "@/lib/mail/mail-settings";
import { mailUnavailable } from "@/lib/mail/mail-unavailable";
import { invitationMail } from "@/lib/mail/messages";
import { sendMail } from "@/lib/mail/send-mail";
import { takeInvitationMail } from "@/lib/users/mail-throttle";
import { INVITE_TTL_DAYS, mintInviteToken } from "@/lib/invites/invite-token";
import { inviteView } from "@/lib/invites/invite-view";

interface CreateInviteInput {
  orgId: number;
  userId: number | null;
  callerRole: Role;
  role: Role;
  email?: string;
  origin: string;
  log?: Logger;
  now?: Date;
}

export async function createInvite({ orgId, userId, callerRole, role, email, origin, log, now = new Date() }: CreateInviteInput) {
  if (role === "owner" && !hasRole(callerRole, "owner")) throw new AppError("forbidden", "Only an owner can invite another owner");
  const settings = email ? mailSettings() : null;
  // Counted before anything is made, so a refusal leaves no invitation behind.
  if (settings) await takeInvitationMail({ orgId, now });
  const { token, hash } = mintInviteToken();
  const invite = await db.$transaction(async (tx) => {
    const seats = await lockSeats(tx, { orgId, now });
    if (seats && seats.members + seats.pendingInvites >= seats.plan.members) {
      const { plan } = seats;
      throw new AppError("plan_limit", `The ${plan.label} plan has ${plan.members} seats, and members and pending invitations fill them. Upgrade in Settings > Plan and usage, or revoke an invitation.`, { upgradeUrl: "/settings/billing" });
    }
    return tx.invite.create({
      data: { organizationId: orgId, tokenHash: hash, role, email: email ?? null, createdById: userId, expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000) },
      include: { createdBy: { select: { username: true } }, organization: { select: { name: true } } },
    });
  });
  let mailed = false;
  let mailProblem: string | null = null;
  if (email && !settings) mailProblem = mailUnavailable("invitation");
  if (email && settings) {
    const message = invitationMail({ to: email, link: `${settings.publicOrigin}/join/${token}`, organizationName: invite.organization.name, invitedBy: invite.createdBy?.username ?? null, role, expiresAt: invite.expiresAt });
    try {
      await sendMail(settings, message);
      mailed = true;
    } catch (err) {
      log?.error("mail not sent", { what: "invitation", code: (err as { code?: string }).code ?? null, error: String((err as Error).message ?? err).slice(0, 300) });
      mailProblem = "The invitation mail could not be sent just now: copy the link and send it yourself.";
    }
  }
  // The token is in the answer once; only its hash is kept.
  return { ...inviteView(invite, now), token, url: `${origin}/join/${token}`, mailed, mailProblem };
}
