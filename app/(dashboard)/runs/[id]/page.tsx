import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { FailureReasonChip, formatDuration, formatTokens, formatUsd, RUN_KIND_LABELS, RunStatusBadge } from "@/app/_components/run-badges";
import { getPageContext } from "@/lib/auth/page-context";
import { getRun } from "@/lib/runs/get-run";
import { listRunEvents } from "@/lib/runs/list-run-events";
import { RunLog } from "./run-log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Run log" };

// The first page of the log renders with the page; a longer log is fetched on by the client.
const FIRST_PAGE = 2000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-zinc-900 tabular-nums dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id: rawId }, { orgId }] = await Promise.all([params, getPageContext()]);
  const runId = parseIdOr404(rawId);
  const [run, log] = await Promise.all([
    orNotFound(getRun({ orgId, runId })),
    orNotFound(listRunEvents({ orgId, runId, limit: FIRST_PAGE })),
  ]);
  const duration = formatDuration(run.startedAt, run.finishedAt);
  const totalTokens = [run.inputTokens, run.outputTokens].every((n) => n === null) ? null : (run.inputTokens ?? 0) + (run.outputTokens ?? 0);

  return (
    <>
      <PageHeader
        eyebrow={
          run.campaignId !== null ? (
            <>
              <Link href="/campaigns" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
                Campaigns
              </Link>
              <span aria-hidden="true"> / </span>
              <Link href={`/campaigns/${run.campaignId}`} className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
                {run.campaignName}
              </Link>
            </>
          ) : (
            <Link href="/" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Home
            </Link>
          )
        }
        title={
          <>
            Run #{run.id}
            <RunStatusBadge status={run.status} />
            <FailureReasonChip reason={run.failureReason} />
          </>
        }
        description={`${RUN_KIND_LABELS[run.kind] ?? run.kind} · started ${formatDateTime(run.startedAt)}${duration ? ` · took ${duration}` : ""}`}
      />

      <Card className="mb-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-4 lg:grid-cols-6">
          <Fact label="Kind">{RUN_KIND_LABELS[run.kind] ?? run.kind}</Fact>
          <Fact label="Runner">
            <code className="font-mono text-xs">{run.runner}</code>
          </Fact>
          <Fact label="Model">{run.model ?? <span className="text-zinc-400 dark:text-zinc-500">—</span>}</Fact>
          <Fact label="Trigger">{run.trigger}</Fact>
          <Fact label="Campaign">
            {run.campaignId !== null ? (
              <Link href={`/campaigns/${run.campaignId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                {run.campaignName}
              </Link>
            ) : (
              <span className="text-zinc-400 dark:text-zinc-500">—</span>
            )}
          </Fact>
          <Fact label="Drafts">{run.draftCount}</Fact>
          <Fact label="Input tokens">{formatTokens(run.inputTokens)}</Fact>
          <Fact label="Output tokens">{formatTokens(run.outputTokens)}</Fact>
          <Fact label="Cache read / write">
            {formatTokens(run.cacheReadTokens)} / {formatTokens(run.cacheCreationTokens)}
          </Fact>
          <Fact label="Total tokens">{formatTokens(totalTokens)}</Fact>
          <Fact label="Cost">
            <span title={run.costUsd === null ? "Not priced for this runner or model" : undefined}>{formatUsd(run.costUsd)}</span>
          </Fact>
          <Fact label="Exit">
            {run.exitCode !== null ? `code ${run.exitCode}` : "—"}
            {run.stopReason ? ` · ${run.stopReason}` : ""}
          </Fact>
        </dl>
        {run.error ? (
          <div className="mt-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
            <span className="font-medium">Error: </span>
            <span className="font-mono text-xs break-words whitespace-pre-wrap">{run.error}</span>
          </div>
        ) : null}
      </Card>

      <section aria-labelledby="run-log-heading">
        <h2 id="run-log-heading" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Log
        </h2>
        <RunLog runId={run.id} running={run.status === "running"} initialEvents={log.events} initialHasMore={log.hasMore} />
      </section>
    </>
  );
}
