import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import type { OperatingSummary } from "@/lib/operators/get-operating-summary";

/** Health, metrics, stopping and the running build, with a link to the manual (docs/deploying.md). */
export function OperatingCard({ summary }: { summary: OperatingSummary }) {
  const { readiness, metricsPort, metricsRoute, drainDelayMs, build } = summary;
  const rows: { label: string; value: string }[] = [
    { label: "Health routes", value: "GET /api/health/live (the process answers), GET /api/health/ready (send it traffic)" },
    { label: "Readiness now", value: readiness.ready ? "Ready" : `Not ready: ${readiness.failing.join(", ")}` },
    {
      label: "Metrics",
      value:
        [metricsPort ? `http://${metricsPort}/metrics` : null, metricsRoute ? "GET /api/metrics with the metrics token" : null].filter(Boolean).join("; ") ||
        "Off: set OUTREACH_METRICS_PORT or OUTREACH_METRICS_TOKEN",
    },
    {
      label: "On SIGTERM",
      value: drainDelayMs > 0 ? `Readiness answers 503 for ${drainDelayMs / 1000} s, then the instance stops (OUTREACH_DRAIN_DELAY_MS)` : "Stops at once, with no drain (OUTREACH_DRAIN_DELAY_MS=0)",
    },
    { label: "Running build", value: build ? `${build.commit ?? "no git commit"}${build.builtAt ? `, built ${build.builtAt.replace("T", " ").slice(0, 16)} UTC` : ""}` : "Not recorded (built without npm run build)" },
  ];
  return (
    <Card
      title="Operating this instance"
      description={
        <>
          Health checks, metrics, stopping and upgrades are described in the{" "}
          <Link href="/operator/manual" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            operator&apos;s manual
          </Link>{" "}
          (docs/deploying.md in the installation&apos;s folder).
        </>
      }
      actions={<Badge tone={readiness.ready ? "success" : "danger"}>{readiness.ready ? "Ready" : "Not ready"}</Badge>}
    >
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="operating-card">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{r.label}</dt>
            <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{r.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
