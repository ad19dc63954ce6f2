import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";

export interface CreateRunInput {
  orgId: number;
  kind: string;
  runner: string;
  playbookSlug: string;
  campaignId?: number | null;
  projectId?: number | null;
  trigger?: string;
  params?: Prisma.InputJsonObject;
}

/** Inserts a run row in `running` state inside the caller's transaction, so the request and its run commit together. */
export async function createRun(tx: Tx, input: CreateRunInput) {
  return tx.run.create({
    data: {
      organizationId: input.orgId,
      kind: input.kind,
      runner: input.runner,
      playbookSlug: input.playbookSlug,
      campaignId: input.campaignId ?? null,
      projectId: input.projectId ?? null,
      trigger: input.trigger ?? "manual",
      params: input.params ?? {},
      status: "running",
    },
    select: { id: true },
  });
}
