import { z } from "zod";
import { ZDbId, ZId, ZText } from "@/lib/http/fields";
import type { RelayUsageReport } from "@/lib/relay-protocol/reports";

export const ZIssueTokenBody = z
  .object({
    name: ZText.trim().min(1, "Name the token after where it is used").max(80),
    ttlDays: z.number().int().min(1).max(365).default(90),
  })
  .strict();
export const ZTokenIdParams = z.object({ id: ZId });
/** What a relay reports when a run made with one of the tokens ends (the shared RelayUsageReport). */
export const ZRelayUsageBody = z
  .object({
    jti: ZText.min(8).max(64),
    org: ZDbId,
    runId: ZDbId,
    seconds: z.number().int().min(0).max(7 * 24 * 3600),
    endedAt: z.iso.datetime(),
  })
  .strict() satisfies z.ZodType<RelayUsageReport>;
