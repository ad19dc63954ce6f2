import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDateTime } from "@/app/_components/format";
import { Markdown } from "@/app/_components/markdown";
import { getInsightEvidence, type EvidenceDetail } from "@/lib/insights/get-insight-evidence";
import { getProjectInsights } from "@/lib/insights/get-project-insights";
import { RegenerateInsights } from "./regenerate-insights";

/** The Insights tab: the latest brief verbatim, its date and evidence, and Regenerate now (SPEC 1 "Project insights"). */
export async function InsightsPanel({ orgId, projectId }: { orgId: number; projectId: number }) {
  const { insight, liveRunId, draftCount, minimumDrafts } = await getProjectInsights({ orgId, projectId });
  const evidence = insight && !insight.isStub ? await getInsightEvidence({ orgId, projectId, evidence: insight.evidence }) : [];
  const regenerate = <RegenerateInsights projectId={projectId} liveRunId={liveRunId} />;

  if (!insight) {
    return (
      <EmptyState
        title="No brief yet"
        description={
          <>
            A brief is written once a day for projects with recent outreach: what worked, what did not and what to try
            next, citing the drafts and replies it rests on.
            {draftCount < minimumDrafts ? ` It needs at least ${minimumDrafts} drafts; this project has ${draftCount}.` : ""}
          </>
        }
        action={regenerate}
      />
    );
  }

  const written = formatDateTime(insight.createdAt);
  if (insight.isStub) {
    return (
      <Card title="Project brief" description={`Written ${written}`} actions={regenerate}>
        <div data-testid="insight-stub" className="flex flex-col items-center px-4 py-8 text-center">
          <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{insight.summaryMd}</p>
          <p className="mt-1 max-w-md text-sm text-zinc-500 dark:text-zinc-400">
            Briefs need at least {minimumDrafts} drafts to say anything useful; this project has {draftCount}.
          </p>
        </div>
      </Card>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card
        title="Project brief"
        description={
          <>
            Written {written}
            {insight.runId ? (
              <>
                {" · "}
                <Link href={`/runs/${insight.runId}`} className="hover:underline">
                  run {insight.runId}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={regenerate}
      >
        <div data-testid="insight-brief">
          <Markdown>{insight.summaryMd}</Markdown>
        </div>
      </Card>
      <Card title="Evidence" description={evidence.length ? `${evidence.length} cited` : undefined} flush>
        {evidence.length === 0 ? (
          <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">The brief cites no drafts or messages.</p>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="insight-evidence">
            {evidence.map((e, i) => (
              <EvidenceRow key={`${e.type}-${e.id}-${i}`} item={e} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function EvidenceRow({ item }: { item: EvidenceDetail }) {
  const label = item.type === "draft" ? `Draft #${item.id}` : `Message #${item.id}`;
  // A cited draft opens in the inbox narrowed to it, in whatever state it is now.
  const href = !item.found ? null : item.type === "draft" ? `/inbox?ids=${item.id}&state=all` : `/conversations/${item.threadId}#message-${item.id}`;
  return (
    <li className="px-5 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {href ? (
          <Link href={href} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {label}
          </Link>
        ) : (
          <span className="font-medium text-zinc-500 line-through dark:text-zinc-400" title="No longer exists">
            {label}
          </span>
        )}
        {item.found && item.type === "draft" ? (
          <>
            <Badge>{item.kind}</Badge>
            <Badge tone={item.state === "replied" ? "success" : "neutral"}>{item.state}</Badge>
          </>
        ) : null}
        {item.found && item.type === "message" ? <Badge tone={item.direction === "inbound" ? "primary" : "neutral"}>{item.direction}</Badge> : null}
      </div>
      {item.note ? <p className="mt-1 text-zinc-700 dark:text-zinc-300">{item.note}</p> : null}
      {item.found ? (
        <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {item.type === "draft" ? `to @${item.targetUser}: ` : `@${item.author}: `}
          {item.excerpt}
        </p>
      ) : null}
    </li>
  );
}
