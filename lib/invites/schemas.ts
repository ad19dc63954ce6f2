import { z } from "zod";
import { ZText } from "@/lib/http/fields";
import { ZEmail } from "@/lib/users/schemas";

export const ZInviteRole = z.enum(["owner", "admin", "member"]);
// With an email address, the link is also mailed there (when mail is configured) and the join page pre-fills it.
export const ZCreateInviteBody = z.object({ role: ZInviteRole.default("member"), email: ZEmail.optional() }).strict();
export const ZInviteToken = ZText.trim().regex(/^inv_[A-Za-z0-9_-]{43}$/, "Not an invitation token");
export const ZAcceptInviteBody = z.object({ token: ZInviteToken }).strict();
export const ZInviteLookupQuery = z.object({ token: ZInviteToken }).strict();
