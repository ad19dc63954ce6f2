import { z } from "zod";

export const ZInviteRole = z.enum(["owner", "admin", "member"]);
export const ZCreateInviteBody = z.object({ role: ZInviteRole.default("member") }).strict();
export const ZInviteToken = z.string().trim().regex(/^inv_[A-Za-z0-9_-]{43}$/, "Not an invitation token");
export const ZAcceptInviteBody = z.object({ token: ZInviteToken }).strict();
export const ZInviteLookupQuery = z.object({ token: ZInviteToken }).strict();
