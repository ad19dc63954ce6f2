// Which engine runs this instance's background jobs: Trigger.dev when TRIGGER_SECRET_KEY is set (its tasks in
// trigger/ own every job, so nothing here runs them), none when OUTREACH_JOBS=off (a web-only replica), otherwise
// the embedded graphile-worker on the app's own database.
import { env } from "@/lib/env";

export type JobEngine = "embedded" | "trigger" | "off";

export function jobEngine(settings: { jobs: "on" | "off"; triggerKey?: string } = { jobs: env.OUTREACH_JOBS, triggerKey: env.TRIGGER_SECRET_KEY }): JobEngine {
  if (settings.triggerKey) return "trigger";
  if (settings.jobs === "off") return "off";
  return "embedded";
}
