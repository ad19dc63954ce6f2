// An invitation as the API shows it: never its token or hash.
import type { Role } from "@/lib/generated/prisma/enums";

interface InviteRow {
  id: number;
  role: Role;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  email?: string | null;
  createdBy?: { username: string } | null;
}

export function inviteView(i: InviteRow, now = new Date()) {
  const state = i.acceptedAt ? "accepted" : i.revokedAt ? "revoked" : i.expiresAt <= now ? "expired" : "pending";
  return {
    id: i.id,
    role: i.role,
    // Shown to the organization's own admins (the list is per organization); never by the public lookup.
    email: i.email ?? null,
    state,
    createdBy: i.createdBy?.username ?? null,
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
  };
}
