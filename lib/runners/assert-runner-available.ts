import { AppError } from "@/lib/http/errors";
import { detectRunners } from "@/lib/runners/detect-runners";

/** 422 `runner_unavailable` with the detection's reason, for anything a person starts from the UI or the CLI. */
export async function assertRunnerAvailable(slug: string): Promise<void> {
  const runner = (await detectRunners()).find((r) => r.slug === slug);
  if (!runner?.available) {
    throw new AppError("runner_unavailable", runner?.reason ?? `The runner "${slug}" is not known here`, { runner: slug });
  }
}
