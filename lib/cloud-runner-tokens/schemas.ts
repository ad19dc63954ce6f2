import { z } from "zod";

export const ZIssueTokenBody = z
  .object({
    name: z.string().trim().min(1, "Name the token after where it is used").max(80),
    ttlDays: z.number().int().min(1).max(365).default(90),
  })
  .strict();
export const ZTokenIdParams = z.object({ id: z.coerce.number().int().positive() });
/** What a relay reports when a run made with one of the tokens ends (runner-relay/usage-reporter.ts). */
export const ZRelayUsageBody = z
  .object({
    jti: z.string().min(8).max(64),
    org: z.number().int().positive(),
    runId: z.number().int().positive(),
    seconds: z.number().int().min(0).max(7 * 24 * 3600),
    endedAt: z.iso.datetime(),
  })
  .strict();
