// Which runners can run here. Each local backend's CLI is probed once with `<binary> --version` and the answer
// kept for the life of the process (SPEC "Detection"); the Re-detect button clears it.
import { execFile } from "node:child_process";
import { CLOUD_RUNNER, localBackends, type LocalBackend } from "@/lib/runners/backends";
import { probeCloudRunner } from "@/lib/runners/cloud/probe-cloud-runner";
import { cloudSettings } from "@/lib/runners/cloud/cloud-settings";

export interface RunnerStatus {
  slug: string;
  label: string;
  available: boolean;
  version: string | null;
  /** Why it cannot run, in words for the Settings page and the campaign form. */
  reason: string | null;
  spec: { binary: string; acpArgs: string[]; detectBinary: string; envPassthrough: string[]; installHint: string } | null;
  detectedAt: string;
}

const PROBE_TIMEOUT_MS = 10_000;
const cache = globalThis as unknown as { __outreachRunners?: Promise<RunnerStatus[]> };

export function detectRunners({ refresh = false }: { refresh?: boolean } = {}): Promise<RunnerStatus[]> {
  if (refresh || !cache.__outreachRunners) {
    cache.__outreachRunners = probeAll().catch((err) => {
      cache.__outreachRunners = undefined;
      throw err;
    });
  }
  return cache.__outreachRunners;
}

async function probeAll(): Promise<RunnerStatus[]> {
  const detectedAt = new Date().toISOString();
  const [cloudProbe, locals] = await Promise.all([
    probeCloudRunner(cloudSettings()),
    Promise.all(localBackends().map((b) => probe(b, detectedAt))),
  ]);
  const cloud: RunnerStatus = { slug: CLOUD_RUNNER.slug, label: CLOUD_RUNNER.label, ...cloudProbe, spec: null, detectedAt };
  return [cloud, ...locals];
}

async function probe(backend: LocalBackend, detectedAt: string): Promise<RunnerStatus> {
  const spec = {
    binary: backend.binary,
    acpArgs: backend.acpArgs,
    detectBinary: backend.detectBinary,
    envPassthrough: backend.envPassthrough,
    installHint: backend.installHint,
  };
  const base = { slug: backend.slug, label: backend.label, spec, detectedAt };
  return new Promise((resolve) => {
    execFile(backend.detectBinary, ["--version"], { timeout: PROBE_TIMEOUT_MS, env: process.env }, (err, stdout) => {
      if (!err) {
        const version = stdout.trim().split("\n")[0]?.slice(0, 100) || "unknown version";
        return resolve({ ...base, available: true, version, reason: null });
      }
      const code = (err as NodeJS.ErrnoException).code;
      const reason = code === "ENOENT"
        ? `${backend.detectBinary} is not installed: ${backend.installHint}`
        : `${backend.detectBinary} --version failed (${err.killed ? "timed out" : (code ?? err.message)}): ${backend.installHint}`;
      resolve({ ...base, available: false, version: null, reason });
    });
  });
}
