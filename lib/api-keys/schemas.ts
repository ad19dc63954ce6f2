import { z } from "zod";
import { ZId, ZText } from "@/lib/http/fields";

export const ZApiKeyRole = z.enum(["read_only", "member"]);
export const ZCreateApiKeyBody = z
  .object({
    name: ZText.trim().min(1, "Name the key after what uses it").max(80),
    role: ZApiKeyRole.default("read_only"),
    /** Days until it stops working; null or absent: it does not expire. */
    expiresInDays: z.number().int().min(1).max(730).nullable().optional(),
  })
  .strict();
export const ZApiKeyIdParams = z.object({ id: ZId });
