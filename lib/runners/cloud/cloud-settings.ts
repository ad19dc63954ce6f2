// Where this installation's cloud runner is: the relay's URL and the cloud runner token (docs/cloud-runner.md). Read
// from the environment each time it is needed, so re-detection after a change of configuration sees the new values.
import { readEnv } from "@/lib/env";

export interface CloudSettings {
  relayUrl: string;
  token: string;
  resumeWindowMs: number;
}

/** null when either is missing: the cloud runner is not set up here. */
export function cloudSettings(): CloudSettings | null {
  const { OUTREACH_CLOUD_RELAY_URL: relayUrl, OUTREACH_CLOUD_TOKEN: token, OUTREACH_CLOUD_RESUME_WINDOW_MS: resumeWindowMs } = readEnv();
  return relayUrl && token ? { relayUrl, token, resumeWindowMs } : null;
}
