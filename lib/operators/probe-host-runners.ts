// The Operator area's runner inventory: every agent CLI this host knows of, probed with `--version` whatever the edition
// offers tenants (in the cloud edition customers only ever see the cloud runner). Probing starts processes, so it is
// done when the operator asks, and the last answer is kept for the page.
import { localBackends } from "@/lib/runners/backends";
import { probeLocalRunner, type RunnerStatus } from "@/lib/runners/detect-runners";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";

export interface HostRunnerInventory {
  probedAt: string;
  /** Whether tenants are offered these runners (self-hosted, or OUTREACH_CLOUD_LOCAL_RUNNERS=on). */
  offeredToTenants: boolean;
  runners: RunnerStatus[];
}

const state = globalThis as unknown as { __outreachHostRunners?: HostRunnerInventory };

export function lastHostRunnerInventory(): HostRunnerInventory | null {
  return state.__outreachHostRunners ?? null;
}

export async function probeHostRunners(now = new Date()): Promise<HostRunnerInventory> {
  const probedAt = now.toISOString();
  const runners = await Promise.all(localBackends().map((b) => probeLocalRunner(b, probedAt)));
  state.__outreachHostRunners = { probedAt, offeredToTenants: localRunnersAllowed(), runners };
  return state.__outreachHostRunners;
}
