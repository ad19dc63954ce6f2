// Which runners a tenant may use here, and how strictly agents are held (docs/security.md, "Processes"). The hosted
// cloud edition lets any stranger sign up, so its tenants run agents only on the cloud runner, never as processes on
// the shared host, unless the operator opts in (OUTREACH_CLOUD_LOCAL_RUNNERS=on). Self-hosted installs offer every
// runner: there the tenant is the operator. Read at call time, so a test can switch the edition.
import { readEnv } from "@/lib/env";
import { AppError } from "@/lib/http/errors";
import { CLOUD_RUNNER, isRunnerSlug } from "@/lib/runners/backends";
import type { PermissionPolicy } from "@/lib/runners/permission-policy";

/** Whether local agent CLIs may be offered, chosen and started here. */
export function localRunnersAllowed(): boolean {
  const env = readEnv();
  return env.OUTREACH_EDITION !== "cloud" || env.OUTREACH_CLOUD_LOCAL_RUNNERS;
}

/** Whether a tenant may choose (and run on) this runner here. */
export function isRunnerOffered(slug: string): boolean {
  if (slug === CLOUD_RUNNER.slug) return true;
  return localRunnersAllowed() && isRunnerSlug(slug);
}

/** The sentence a tenant gets for a runner that is not offered (no CLI names, commands or paths). */
export function notOfferedMessage(slug: string): string {
  return `The agent "${slug}" is not offered on this service: campaigns here run on the Cloud agent. Choose Cloud instead.`;
}

/** 422 `runner_unavailable` for a runner that is not offered here (campaign forms, Run now, the scheduler). */
export function assertRunnerOffered(slug: string): void {
  if (!isRunnerOffered(slug)) throw new AppError("runner_unavailable", notOfferedMessage(slug), { runner: slug });
}

/**
 * The runner a background run (profile generation, regeneration, reply drafting, project runs) uses when the
 * campaign or project names one: that one if it is offered, else the cloud runner, which then refuses the run with
 * its own words when it is not set up.
 */
export function offeredRunnerOr(slug: string): string {
  return isRunnerOffered(slug) ? slug : CLOUD_RUNNER.slug;
}

/**
 * How agent permission requests are answered: the cloud edition is always strict (tenants write the playbooks);
 * self-hosted installs allow everything unless OUTREACH_AGENT_PERMISSIONS=strict. The relay is strict on its own.
 */
export function agentPermissionPolicy(): PermissionPolicy {
  const env = readEnv();
  if (env.OUTREACH_EDITION === "cloud") return "strict";
  return env.OUTREACH_AGENT_PERMISSIONS ?? "auto";
}

/** The HOME the operator named for local agents, if any. */
export function agentHome(): string | null {
  return readEnv().OUTREACH_AGENT_HOME ?? null;
}
