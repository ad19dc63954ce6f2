import { z } from "zod";
import { MAX_DB_ID, ZDbId } from "@/lib/http/fields";

export const ZStartRunBody = z
  .object({
    campaignId: ZDbId,
    // Who asked: the Run now button (manual, the default), the schedule (cron), or an integration (api).
    trigger: z.enum(["manual", "cron", "api"]).optional(),
  })
  .strict();

export const ZRunEventsQuery = z
  .object({
    afterSeq: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
    limit: z.coerce.number().int().min(1).max(5000).optional(),
  })
  .strict();
