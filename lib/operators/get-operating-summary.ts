// What the Operator area's "Operating this instance" card says: readiness as a balancer sees it, where the metrics are
// served, how long a stop drains, and which build is running (docs/deploying.md, the operator's manual).
import fs from "node:fs";
import path from "node:path";
import { readEnv } from "@/lib/env";
import { checkReadiness, type Readiness } from "@/lib/health/check-readiness";

export interface OperatingSummary {
  readiness: Readiness;
  metricsPort: string | null;
  metricsRoute: boolean;
  drainDelayMs: number;
  build: { commit: string | null; builtAt: string | null } | null;
}

export async function getOperatingSummary(): Promise<OperatingSummary> {
  const env = readEnv();
  return {
    readiness: await checkReadiness(),
    metricsPort: env.OUTREACH_METRICS_PORT ? `${env.OUTREACH_METRICS_HOST}:${env.OUTREACH_METRICS_PORT}` : null,
    metricsRoute: Boolean(env.OUTREACH_METRICS_TOKEN),
    drainDelayMs: env.OUTREACH_DRAIN_DELAY_MS,
    build: readBuildRecord(),
  };
}

/** The record scripts/build.mjs writes beside the build (scripts/build-fingerprint.mjs). */
function readBuildRecord(): OperatingSummary["build"] {
  try {
    const record = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ path.join(process.cwd(), ".next", "outreach-build.json"), "utf8"));
    return { commit: typeof record.commit === "string" ? record.commit.slice(0, 12) : null, builtAt: typeof record.builtAt === "string" ? record.builtAt : null };
  } catch {
    return null;
  }
}
