// GET/POST /api/runners and Settings > Agent runners: the runners this edition offers (lib/runners/runner-policy.ts)
// with their detection, and the organization's runners that just failed to sign in, among those offered only (the
// cloud edition names no local runner to its customers).
import { detectRunners, type RunnerStatus } from "@/lib/runners/detect-runners";
import { redetectRunners } from "@/lib/runners/redetect-runners";
import { getRunnerSignInFailures, type RunnerSignInFailure } from "@/lib/runners/get-runner-sign-in-failures";
import { isRunnerOffered } from "@/lib/runners/runner-policy";

export interface OfferedRunners {
  runners: RunnerStatus[];
  signInFailures: RunnerSignInFailure[];
}

export async function listOfferedRunners({ orgId, redetect = false }: { orgId: number; redetect?: boolean }): Promise<OfferedRunners> {
  const [runners, failures] = await Promise.all([redetect ? redetectRunners() : detectRunners(), getRunnerSignInFailures({ orgId })]);
  return { runners, signInFailures: failures.filter((f) => isRunnerOffered(f.runner)) };
}
