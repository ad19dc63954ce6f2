// Every run row starts here (campaign runs and background runs alike): the runner, its configured model and the
// playbook body are snapshotted (SPEC "Playbook snapshot"), a per-run secret is minted for the tool server (only its
// hash is stored) and `run:started` is published with the caller's transaction, so the row and the event commit
// together. The caller starts the agent after commit with launchRun.
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/client";
import { publish } from "@/lib/events/bus";
import { getAppConfig } from "@/lib/config/get-app-config";
import { mintRunToken } from "@/lib/runs/run-token";
import { leaseUntil } from "@/lib/runs/run-lease";

export interface CreateRunInput {
  orgId: number;
  kind: string;
  runner: string;
  playbookSlug: string;
  /** The body to snapshot; by default the organization's playbook row of that slug (none: playbooks/<slug>.md at dispatch). */
  playbookBody?: string | null;
  campaignId?: number | null;
  projectId?: number | null;
  trigger?: string;
  params?: Prisma.InputJsonObject;
}

export interface CreatedRun {
  id: number;
  /** The per-run secret for the dispatcher; never stored. */
  token: string;
}

export async function createRun(tx: Tx, input: CreateRunInput): Promise<CreatedRun> {
  const playbookBody =
    input.playbookBody !== undefined
      ? input.playbookBody
      : ((await tx.playbook.findFirst({ where: { organizationId: input.orgId, slug: input.playbookSlug }, select: { body: true } }))?.body ?? null);
  const config = ((await getAppConfig({ orgId: input.orgId })).runner_configs?.[input.runner] ?? {}) as { model?: string };
  const { token, hash } = mintRunToken();
  const run = await tx.run.create({
    data: {
      organizationId: input.orgId,
      kind: input.kind,
      runner: input.runner,
      model: config.model ?? null,
      playbookSlug: input.playbookSlug,
      playbookBody,
      campaignId: input.campaignId ?? null,
      projectId: input.projectId ?? null,
      trigger: input.trigger ?? "manual",
      params: input.params ?? {},
      runTokenHash: hash,
      status: "running",
      // Held from creation: launchRun renews it; a process that dies before that lets it run out (run rescuer).
      leaseExpiresAt: leaseUntil(),
    },
    select: { id: true },
  });
  await publish({ o: input.orgId, t: "run:started", runId: run.id }, tx);
  return { id: run.id, token };
}
