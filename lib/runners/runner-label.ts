import { CLOUD_RUNNER, findLocalBackend } from "@/lib/runners/backends";

/** A runner's name as the pages show it; the slug itself for one this server does not know (a removed extra backend). */
export function runnerLabel(slug: string): string {
  if (slug === CLOUD_RUNNER.slug) return CLOUD_RUNNER.label;
  return findLocalBackend(slug)?.label ?? slug;
}
