import { RelativeTime } from "@/app/_components/relative-time";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { JobsOverview } from "@/lib/jobs/get-jobs-overview";

const ENGINE_TEXT: Record<JobsOverview["engine"], { label: string; detail: string }> = {
  embedded: { label: "Embedded", detail: "graphile-worker runs the jobs inside the dashboard, on its own database." },
  trigger: { label: "Trigger.dev", detail: "The jobs run as Trigger.dev tasks (TRIGGER_SECRET_KEY is set); this instance runs none." },
  off: { label: "Off here", detail: "OUTREACH_JOBS=off: another instance (or Trigger.dev) must run the jobs." },
};

/** Settings > Background jobs: the engine, and per job its schedule, last run and outcome, and next run. */
export function JobsCard({ overview }: { overview: JobsOverview }) {
  const engine = ENGINE_TEXT[overview.engine];
  return (
    <Card
      title="Background jobs"
      description={engine.detail}
      actions={<Badge tone={overview.engine === "off" ? "warning" : "primary"}>{engine.label}</Badge>}
      className="mt-6"
    >
      <div className="space-y-4" data-testid="background-jobs">
        <div tabIndex={0} className="relative overflow-x-auto">
          <Table label="Background jobs">
            <THead>
              <tr>
                <Th>Job</Th>
                <Th>Schedule</Th>
                <Th>Last run</Th>
                <Th>Outcome</Th>
                <Th>Next run</Th>
              </tr>
            </THead>
            <TBody>
              {overview.jobs.map((job) => (
                <Tr key={job.id}>
                  <Td>
                    <code className="font-mono text-xs text-zinc-900 dark:text-zinc-100">{job.id}</code>
                    <span className="block text-xs text-zinc-500 dark:text-zinc-400">{job.description}</span>
                  </Td>
                  <Td className="text-zinc-600 dark:text-zinc-400">{job.schedule}</Td>
                  <Td className="whitespace-nowrap tabular-nums">
                    {job.lastStartedAt ? <RelativeTime at={job.lastStartedAt} /> : <span className="text-zinc-500 dark:text-zinc-400">Not yet</span>}
                  </Td>
                  <Td title={job.lastError ?? undefined}>
                    {job.lastOutcome === "ok" ? (
                      <Badge tone="success">OK</Badge>
                    ) : job.lastOutcome === "failed" ? (
                      <Badge tone="danger">Failed</Badge>
                    ) : (
                      <span className="text-zinc-500 dark:text-zinc-400">—</span>
                    )}
                    {job.failures > 0 ? (
                      <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">
                        {job.failures} of {job.runs} failed
                      </span>
                    ) : null}
                  </Td>
                  <Td className="whitespace-nowrap tabular-nums">{job.nextRunAt && overview.engine !== "off" ? <RelativeTime at={job.nextRunAt} /> : "—"}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
        {overview.queue ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="job-queue">
            Queue: {overview.queue.queued} waiting · {overview.queue.failed} failed after every retry
          </p>
        ) : null}
      </div>
    </Card>
  );
}
