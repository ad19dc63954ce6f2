// Which runners can run here. Each local backend's CLI is probed once with `<binary> --version` and the answer
// kept for the life of the process (SPEC "Detection"); the Re-detect button clears it (lib/runners/redetect-runners.ts).
// The list is what this edition offers (lib/runners/runner-policy.ts): in the cloud edition, unless the operator opted
// in to local runners, only `cloud`, and no local CLI is even probed; its reasons there are for customers (what is
// wrong on the operator's side goes to the log).
import { execFile } from "node:child_process";
import { CLOUD_RUNNER, localBackends, type LocalBackend } from "@/lib/runners/backends";
import { probeCloudRunner } from "@/lib/runners/cloud/probe-cloud-runner";
import { cloudSettings } from "@/lib/runners/cloud/cloud-settings";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";
import { isCloudEdition } from "@/lib/edition/edition";
import { log } from "@/lib/log/logger";

export interface RunnerStatus {
  slug: string;
  label: string;
  available: boolean;
  version: string | null;
  /** Why it cannot run, in words for the Settings page and the campaign form. */
  reason: string | null;
  spec: { binary: string; acpArgs: string[]; detectBinary: string; envPassthrough: string[]; installHint: string } | null;
  detectedAt: string;
  /** The cloud runner's model, as its relay announced it; absent for local runners (their model is a setting). */
  model?: string | null;
}

/** What a customer of the cloud edition reads when the cloud runner cannot take runs (the operator reads the log). */
export const CLOUD_RUNNER_DOWN_FOR_CUSTOMERS = "The cloud agent is not available at the moment, so runs cannot start. Try again in a few minutes; if it persists, contact support.";

const PROBE_TIMEOUT_MS = 10_000;
const cache = globalThis as unknown as { __outreachRunners?: { scope: string; list: Promise<RunnerStatus[]> } };

export function detectRunners({ refresh = false }: { refresh?: boolean } = {}): Promise<RunnerStatus[]> {
  // The edition and the opt-in decide what is probed and how it is worded: a change of either probes again.
  const cloudEdition = isCloudEdition();
  const locals = localRunnersAllowed();
  const scope = `${cloudEdition ? "cloud" : "self-hosted"}:${locals ? "local" : "cloud-only"}`;
  if (refresh || cache.__outreachRunners?.scope !== scope) {
    const list = probeAll({ cloudEdition, locals }).catch((err) => {
      if (cache.__outreachRunners?.list === list) cache.__outreachRunners = undefined;
      throw err;
    });
    cache.__outreachRunners = { scope, list };
  }
  return cache.__outreachRunners!.list;
}

/**
 * Probes the cloud runner again and keeps what is known of the local CLIs (their `--version` can take seconds each):
 * for a change of the relay's address or token, which touches nothing on this host.
 */
export function redetectCloudRunner(): Promise<RunnerStatus[]> {
  const known = cache.__outreachRunners;
  if (!known) return detectRunners();
  const list = known.list.then(async (runners) => {
    const [cloud] = await probeAll({ cloudEdition: isCloudEdition(), locals: false });
    return [cloud!, ...runners.filter((r) => r.slug !== CLOUD_RUNNER.slug)];
  });
  cache.__outreachRunners = { scope: known.scope, list };
  return list;
}

async function probeAll({ cloudEdition, locals }: { cloudEdition: boolean; locals: boolean }): Promise<RunnerStatus[]> {
  const detectedAt = new Date().toISOString();
  const [cloudProbe, localStatuses] = await Promise.all([
    probeCloudRunner(cloudSettings()),
    locals ? Promise.all(localBackends().map((b) => probeLocalRunner(b, detectedAt))) : Promise.resolve([]),
  ]);
  let reason = cloudProbe.reason;
  if (cloudEdition && !cloudProbe.available) {
    log.warn("the cloud runner is not available to this edition's customers", { reason });
    reason = CLOUD_RUNNER_DOWN_FOR_CUSTOMERS;
  }
  const cloud: RunnerStatus = { slug: CLOUD_RUNNER.slug, label: CLOUD_RUNNER.label, ...cloudProbe, reason, spec: null, detectedAt };
  return [cloud, ...localStatuses];
}

/**
 * One local backend probed with `--version` (also the Operator area's inventory of this host). The program a run
 * launches is probed as well as the agent's own CLI when they differ: the adapter-launched backends start with
 * `npx -y <adapter>` while the agent they drive is `claude` or `codex`, and either one missing stops a run (a
 * missing `npx` would otherwise pass detection and fail at spawn). The reason names whichever failed.
 */
export async function probeLocalRunner(backend: LocalBackend, detectedAt: string): Promise<RunnerStatus> {
  const spec = {
    binary: backend.binary,
    acpArgs: backend.acpArgs,
    detectBinary: backend.detectBinary,
    envPassthrough: backend.envPassthrough,
    installHint: backend.installHint,
  };
  const base = { slug: backend.slug, label: backend.label, spec, detectedAt };
  const launcherToo = backend.binary !== backend.detectBinary;
  const [agent, launcher] = await Promise.all([probeVersion(backend.detectBinary), launcherToo ? probeVersion(backend.binary) : Promise.resolve(null)]);
  const reasons: string[] = [];
  if (!agent.ok) {
    reasons.push(agent.missing ? `${backend.detectBinary} is not installed: ${backend.installHint}` : `${backend.detectBinary} --version failed (${agent.error}): ${backend.installHint}`);
  }
  if (launcher && !launcher.ok) {
    const command = [backend.binary, ...backend.acpArgs].join(" ");
    const what = launcher.missing ? `${backend.binary} is not installed` : `${backend.binary} --version failed (${launcher.error})`;
    reasons.push(`${what}${agent.ok ? "" : " either"}, and runs of ${backend.label} are started with \`${command}\`: ${launcherHint(backend.binary)}`);
  }
  if (agent.ok && reasons.length === 0) return { ...base, available: true, version: agent.version, reason: null };
  return { ...base, available: false, version: null, reason: reasons.join(". ") };
}

type Probe = { ok: true; version: string } | { ok: false; missing: boolean; error: string };

function probeVersion(binary: string): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(binary, ["--version"], { timeout: PROBE_TIMEOUT_MS, env: process.env }, (err, stdout) => {
      if (!err) return resolve({ ok: true, version: stdout.trim().split("\n")[0]?.slice(0, 100) || "unknown version" });
      const code = (err as NodeJS.ErrnoException).code;
      resolve({ ok: false, missing: code === "ENOENT", error: err.killed ? "timed out" : String(code ?? err.message) });
    });
  });
}

/** How to get the program that launches an adapter-based backend. */
function launcherHint(binary: string): string {
  return binary === "npx"
    ? "install Node.js with npm (npm includes npx) on this server, or put npx on the server's PATH"
    : `put ${binary} on the server's PATH`;
}
