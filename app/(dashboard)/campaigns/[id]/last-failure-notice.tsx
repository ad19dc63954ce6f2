import { RelativeTime } from "@/app/_components/relative-time";
import Link from "next/link";
import { buttonClasses } from "@/app/_components/button";
import { CodeSpans } from "@/app/_components/code-spans";
import { FailureReasonChip, RUN_KIND_LABELS } from "@/app/_components/run-badges";
import { runnerLabel } from "@/lib/runners/runner-label";
import { explainRunFailure } from "@/lib/runs/explain-run-failure";
import { getLastRunFailure } from "@/lib/runs/get-last-run-failure";
import { isCloudEdition } from "@/lib/edition/edition";

// A stack trace can run to a thousand characters; the notice shows its head and the log has the rest.
const ERROR_LINES_SHOWN = 3;
const ERROR_CHARS_SHOWN = 400;

/**
 * When the campaign's most recent finished run failed: what failed, the run's error line, and how to fix it, with a
 * link to the run. A run history chip alone hid why a campaign stopped drafting (a runner with no API key read as
 * "Unknown"). It goes once a later run succeeds, and steps aside while a new run is going: that run will tell.
 */
export async function LastFailureNotice({ orgId, campaignId, runLive }: { orgId: number; campaignId: number; runLive: boolean }) {
  if (runLive) return null;
  const failure = await getLastRunFailure({ orgId, campaignId });
  if (!failure) return null;
  const { summary, fix, action } = explainRunFailure({
    failureReason: failure.failureReason,
    runner: failure.runner,
    authSource: failure.authSource,
    projectId: failure.projectId,
    campaignId,
    failedAccount: failure.failedAccount,
  });
  const error = failure.error ? shorten(failure.error) : null;

  return (
    <section
      aria-labelledby="last-run-failure"
      data-failure-reason={failure.failureReason}
      className="mb-6 rounded-lg border border-red-200 bg-red-50 px-5 py-4 dark:border-red-500/30 dark:bg-red-500/10"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-96">
          <h2 id="last-run-failure" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-red-900 dark:text-red-200">
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z"
                clipRule="evenodd"
              />
            </svg>
            The last run failed
            <FailureReasonChip reason={failure.failureReason} />
          </h2>
          <p className="mt-1 text-xs text-red-800/80 dark:text-red-200/70">
            {RUN_KIND_LABELS[failure.kind] ?? failure.kind} on {runnerLabel(failure.runner)}, ended <RelativeTime at={failure.finishedAt} />
          </p>
          <p className="mt-3 text-sm text-red-950 dark:text-red-50">{summary}</p>
          {error && isCloudEdition() ? (
            // A cloud customer reads the explanation; the agent's own words (protocol and network codes) are for support.
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-xs text-red-800/80 dark:text-red-200/70">What the agent reported</summary>
              <code className="mt-1 block rounded-md bg-white/70 px-2.5 py-1.5 font-mono text-xs break-words whitespace-pre-wrap text-red-900 ring-1 ring-red-200 ring-inset dark:bg-zinc-950/50 dark:text-red-200 dark:ring-red-500/20">
                {error}
              </code>
            </details>
          ) : error ? (
            <p className="mt-2 text-sm">
              <span className="sr-only">Error: </span>
              <code className="block rounded-md bg-white/70 px-2.5 py-1.5 font-mono text-xs break-words whitespace-pre-wrap text-red-900 ring-1 ring-red-200 ring-inset dark:bg-zinc-950/50 dark:text-red-200 dark:ring-red-500/20">
                {error}
              </code>
            </p>
          ) : null}
          <p className="mt-3 text-sm text-red-950 dark:text-red-50">
            <span className="font-semibold">To fix it: </span>
            <CodeSpans text={fix} />
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {action ? (
            <Link href={action.href} className={buttonClasses("secondary", "sm")}>
              {action.label}
            </Link>
          ) : null}
          <Link href={`/runs/${failure.runId}`} className={buttonClasses("secondary", "sm")}>
            View run log<span className="sr-only"> of run {failure.runId}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

function shorten(error: string): string {
  const lines = error.split("\n").filter((l) => l.trim() !== "");
  const head = lines.slice(0, ERROR_LINES_SHOWN).join("\n");
  const cut = head.length > ERROR_CHARS_SHOWN ? `${head.slice(0, ERROR_CHARS_SHOWN - 1).trimEnd()}…` : head;
  return lines.length > ERROR_LINES_SHOWN && cut === head ? `${cut}\n…` : cut;
}
