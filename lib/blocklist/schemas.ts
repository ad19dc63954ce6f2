import { z } from "zod";
import { ZDbId, ZText } from "@/lib/http/fields";

export const ZBlocklistInput = z.object({
  type: z.enum(["user", "community", "keyword"]),
  value: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .transform((v) => v.toLowerCase())
    .describe("Handle, community name or keyword; matched case-insensitively"),
  projectId: ZDbId.nullable().optional().describe("Omit or null for every project"),
  reason: ZText.trim().max(500).nullable().optional(),
});
export type BlocklistInput = z.infer<typeof ZBlocklistInput>;

export const blocklistSelect = {
  id: true, projectId: true, type: true, value: true, reason: true, createdAt: true, project: { select: { name: true } },
} as const;

export function toBlocklistView<T extends { project: { name: string } | null }>(row: T) {
  const { project, ...rest } = row;
  return { ...rest, projectName: project?.name ?? null };
}
