import { z } from "zod";
import { ZId } from "@/lib/http/fields";

export const ZMemberIdParams = z.object({ id: ZId });
export const ZChangeRoleBody = z.object({ role: z.enum(["owner", "admin", "member"]) }).strict();
