import { z } from "zod";

export const ZMemberIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZChangeRoleBody = z.object({ role: z.enum(["owner", "admin", "member"]) }).strict();
