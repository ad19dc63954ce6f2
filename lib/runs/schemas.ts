import { z } from "zod";

export const ZStartRunBody = z
  .object({
    campaignId: z.number().int().positive(),
    // Who asked: the Run now button (manual, the default), the schedule (cron), or an integration (api).
    trigger: z.enum(["manual", "cron", "api"]).optional(),
  })
  .strict();

export const ZRunEventsQuery = z
  .object({
    afterSeq: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(5000).optional(),
  })
  .strict();
