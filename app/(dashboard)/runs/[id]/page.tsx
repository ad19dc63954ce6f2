// A run, in its customer's words: what ran and how it ended, what the agent did step by step ("Looked at 12 posts in
// r/warehouse", "Drafted 3 messages (2 DMs, 1 comment)"), and, folded away, the technical details a support request
// needs (runner, exit code, stop reason, tokens, the protocol's log). docs/runs.md, "Run page".
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { CodeSpans } from "@/app/_components/code-spans";
import { formatDateTime } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { FailureReasonChip, formatDuration, formatTokens, formatUsd, RUN_KIND_LABELS, RunStatusBadge, triggerLabel } from "@/app/_components/run-badges";
import { getPageContext } from "@/lib/auth/page-context";
import { runnerLabel } from "@/lib/runners/runner-label";
import { describeRunEnding } from "@/lib/runs/describe-run-outcome";
import { explainRunFailure } from "@/lib/runs/explain-run-failure";
import { getAuthFailureSource } from "@/lib/runs/get-auth-failure-source";
import { getRun, type RunDetail } from "@/lib/runs/get-run";
import { listRunEvents } from "@/lib/runs/list-run-events";
import { RunLog } from "./run-log";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Run" };

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

const none = <span className="text-zinc-500 dark:text-zinc-400">—</span>;

/** What a support request needs and a customer does not read first: the machinery's ids and figures. */
function TechnicalFacts({ run }: { run: RunDetail }) {
  const totalTokens = [run.inputTokens, run.outputTokens].every((n) => n === null) ? null : (run.inputTokens ?? 0) + (run.outputTokens ?? 0);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4" aria-label="Technical facts">
        <Fact label="Run id">{run.id}</Fact>
        <Fact label="Runner">
          <code className="font-mono text-xs">{run.runner}</code>
        </Fact>
        <Fact label="Playbook">{run.playbookSlug ? <code className="font-mono text-xs">{run.playbookSlug}</code> : none}</Fact>
        <Fact label="Exit">
          {run.exitCode !== null ? `code ${run.exitCode}` : "—"}
          {run.stopReason ? ` · ${run.stopReason}` : ""}
        </Fact>
        <Fact label="Input tokens">{formatTokens(run.inputTokens)}</Fact>
        <Fact label="Output tokens">{formatTokens(run.outputTokens)}</Fact>
        <Fact label="Cache read / write">
          {formatTokens(run.cacheReadTokens)} / {formatTokens(run.cacheCreationTokens)}
        </Fact>
        <Fact label="Total tokens">{formatTokens(totalTokens)}</Fact>
      </dl>
      {run.error ? (
        <div className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
          <span className="font-medium">Error reported: </span>
          <span className="font-mono text-xs break-words whitespace-pre-wrap">{run.error}</span>
        </div>
      ) : null}
    </div>
  );
}

async function FailureExplanation({ orgId, run }: { orgId: number; run: RunDetail }) {
  if (run.status !== "failed" || !run.failureReason || run.failureReason === "cancelled") return null;
  const authSource = run.failureReason === "auth_expired" ? await getAuthFailureSource({ orgId, runId: run.id }) : null;
  const { summary, fix, action } = explainRunFailure({ failureReason: run.failureReason, runner: run.runner, authSource, projectId: run.projectId, campaignId: run.campaignId });
  return (
    <div role="note" aria-label="Why the run stopped" className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 dark:border-red-500/30 dark:bg-red-500/10">
      <div className="min-w-0 flex-1 basis-80 text-sm">
        <p className="font-medium text-red-900 dark:text-red-100">{summary}</p>
        <p className="mt-1 text-red-800 dark:text-red-200">
          <CodeSpans text={fix} />
        </p>
      </div>
      {action ? (
        <LinkButton href={action.href} variant="secondary" size="sm">
          {action.label}
        </LinkButton>
      ) : null}
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
  const kind = RUN_KIND_LABELS[run.kind] ?? run.kind;
  const summary = typeof run.params.summary === "string" ? run.params.summary : null;
  const ending = run.status === "running" ? null : { text: describeRunEnding({ ...run, summary }), tone: run.status === "success" ? ("success" as const) : ("failed" as const) };

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
        description={`${kind} · started ${formatDateTime(run.startedAt)}${duration ? ` · took ${duration}` : ""}`}
      />

      <Card className="mb-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3 lg:grid-cols-6">
          <Fact label="What ran">{kind}</Fact>
          <Fact label="Campaign">
            {run.campaignId !== null ? (
              <Link href={`/campaigns/${run.campaignId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                {run.campaignName}
              </Link>
            ) : (
              none
            )}
          </Fact>
          <Fact label="Agent">
            <span title={run.model ?? undefined}>{runnerLabel(run.runner)}</span>
            {run.model ? <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{run.model}</span> : null}
          </Fact>
          <Fact label="Started by">{triggerLabel(run.trigger)}</Fact>
          <Fact label="Drafts">
            {run.draftCount > 0 ? (
              <Link href={`/inbox?ids=${run.draftIds.join(",")}&state=all`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                {run.draftCount} in the inbox
              </Link>
            ) : (
              "None"
            )}
          </Fact>
          <Fact label="Cost">
            <span title={run.costUsd === null ? "No price is known for this agent and model" : undefined}>{formatUsd(run.costUsd)}</span>
          </Fact>
        </dl>
        <FailureExplanation orgId={orgId} run={run} />
      </Card>

      <section aria-labelledby="run-log-heading">
        <h2 id="run-log-heading" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          What the agent did
        </h2>
        <RunLog
          runId={run.id}
          running={run.status === "running"}
          initialEvents={log.events}
          initialHasMore={log.hasMore}
          ending={ending}
          technicalFacts={<TechnicalFacts run={run} />}
        />
      </section>
    </>
  );
}
