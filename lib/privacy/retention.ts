// Data retention settings (docs/privacy.md "Retention"): off unless an admin sets a number of days.
import { z } from "zod";
import { db } from "@/lib/db/client";

/** A week at the least, so a slip of the keyboard cannot empty an inbox overnight; ten years at the most. */
export const RETENTION_MIN_DAYS = 7;
export const RETENTION_MAX_DAYS = 3650;

export const ZRetentionPut = z
  .object({
    days: z
      .number()
      .int()
      .min(RETENTION_MIN_DAYS)
      .max(RETENTION_MAX_DAYS)
      .nullable()
      .describe(`Delete conversations and rejected or expired drafts older than this many days (${RETENTION_MIN_DAYS}-${RETENTION_MAX_DAYS}); null turns retention off`),
  })
  .strict();

export interface RetentionCounts {
  conversations: number;
  messages: number;
  drafts: number;
}

export interface RetentionView {
  days: number | null;
  lastRunAt: string | null;
  /** What the last nightly pass deleted, and every pass together since retention was first on. */
  lastRun: RetentionCounts | null;
  total: RetentionCounts | null;
}

export async function getRetention({ orgId }: { orgId: number }): Promise<RetentionView> {
  const row = await db.appConfig.findUnique({
    where: { organizationId: orgId },
    select: { retentionDays: true, retentionLastRunAt: true, retentionLastCounts: true, retentionTotalCounts: true },
  });
  return {
    days: row?.retentionDays ?? null,
    lastRunAt: row?.retentionLastRunAt?.toISOString() ?? null,
    lastRun: (row?.retentionLastCounts as RetentionCounts | null) ?? null,
    total: (row?.retentionTotalCounts as RetentionCounts | null) ?? null,
  };
}

export async function setRetention({ orgId, days }: { orgId: number; days: number | null }): Promise<RetentionView> {
  await db.appConfig.upsert({ where: { organizationId: orgId }, update: { retentionDays: days }, create: { organizationId: orgId, retentionDays: days } });
  return getRetention({ orgId });
}
