// Trigger.dev project configuration, used only when the jobs run on Trigger.dev (TRIGGER_SECRET_KEY set; docs/jobs.md).
import { defineConfig } from "@trigger.dev/sdk";

export default defineConfig({
  // The project's reference from the Trigger.dev dashboard.
  project: process.env.TRIGGER_PROJECT_REF ?? "proj_outreach_dashboard",
  dirs: ["./trigger"],
  // Seconds; each task sets its own below this.
  maxDuration: 600,
  retries: {
    enabledInDev: false,
    default: { maxAttempts: 3, minTimeoutInMs: 5_000, maxTimeoutInMs: 60_000, factor: 2 },
  },
});
