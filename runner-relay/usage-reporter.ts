// Tells the cloud edition about each finished run (RELAY_USAGE_URL, with Bearer RELAY_REPORT_SECRET), so a run
// made with an organization's token is metered to it. The relay keeps nothing on disk: a report is retried a few
// times in memory and then dropped with a log line (the cloud edition counts each run once however often it is told).
import type { RelayUsageReport } from "@/lib/relay-protocol/reports";

const DELAYS_MS = [0, 2_000, 10_000, 60_000];

export function usageReporter({ url, secret, log, delays = DELAYS_MS }: { url: string; secret: string; log: (level: string, msg: string, fields?: Record<string, unknown>) => void; delays?: number[] }) {
  return (usage: RelayUsageReport): void => {
    void (async () => {
      for (const [attempt, delay] of delays.entries()) {
        if (delay) await new Promise((r) => setTimeout(r, delay).unref());
        try {
          const res = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
            body: JSON.stringify(usage),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.ok) return;
          // A refusal (bad secret, bad body) will not change on a retry.
          if (res.status < 500 && res.status !== 429) return log("error", "the cloud edition refused a usage report", { status: res.status, runId: usage.runId });
        } catch (err) {
          if (attempt === delays.length - 1) log("error", "could not report a run's usage; giving up", { runId: usage.runId, error: (err as Error).message });
        }
      }
    })();
  };
}
