import { campaignStateLabel } from "@/lib/campaigns/campaign-state";
import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { LocalTime } from "@/app/_components/local-time";
import { scheduleView } from "@/lib/campaigns/describe-schedule";
import type { ScheduleOutcome } from "@/lib/jobs/campaign-tick";
import { ScheduleToggle } from "./schedule-toggle";
import { ScheduleCardWords } from "../_components/schedule-card-words";
import { ViewerTime } from "../_components/viewer-time";

type Props = {
  campaignId: number;
  cron: string | null;
  state: string;
  lastScheduleOutcome: unknown;
};

const RESULT_TEXT: Record<ScheduleOutcome["result"], string> = {
  started: "started",
  already_running: "skipped: the previous run was still going",
  refused: "not started",
};

/**
 * The schedule in words (the viewer's time, then UTC), its next three slots, what the last slot did, and Pause /
 * Resume; the cron expression itself comes last, as a detail.
 */
export function ScheduleCard({ campaignId, cron, state, lastScheduleOutcome }: Props) {
  if (!cron) {
    return (
      <Card title="Schedule" description="This campaign runs only when you press Run now.">
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Choose a schedule under Edit campaign to run it regularly.</p>
      </Card>
    );
  }
  const view = scheduleView(cron);
  const last = lastScheduleOutcome as ScheduleOutcome | null;
  const toggle = state === "active" || state === "paused" || state === "draft" ? <ScheduleToggle campaignId={campaignId} state={state} /> : null;
  return (
    <Card title="Schedule" description="When this campaign runs by itself." actions={toggle}>
      <div className="space-y-4 text-sm" data-testid="campaign-schedule">
        {/* The sentence first, in the viewer's time; the cron expression last, for whoever reads the API. */}
        <ScheduleCardWords cron={cron} />
        {state === "active" ? (
          <div>
            <h3 className="mb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Next runs</h3>
            <ol className="space-y-1 tabular-nums" aria-label="Next runs">
              {view.upcoming.map((slot) => (
                <li key={slot} className="text-zinc-700 dark:text-zinc-300">
                  <ViewerTime iso={slot} />
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-zinc-600 dark:text-zinc-400">
            <Badge tone={state === "paused" ? "warning" : "neutral"}>{campaignStateLabel(state)}</Badge>
            {state === "paused" ? "No scheduled runs until you resume." : "Not started: it does not run on its schedule until you press Start schedule."}
          </p>
        )}
        {last ? (
          <p className="text-zinc-600 dark:text-zinc-400" data-testid="last-scheduled-run">
            Last scheduled slot <LocalTime at={last.slot} />: {RESULT_TEXT[last.result]}
            {last.runId ? (
              <>
                {" "}
                <Link href={`/runs/${last.runId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  run {last.runId}
                </Link>
              </>
            ) : null}
            {last.message ? <span className="block text-xs text-red-700 dark:text-red-400">{last.message}</span> : null}
            {last.skippedSlots ? (
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                {last.skippedSlots} earlier {last.skippedSlots === 1 ? "slot was" : "slots were"} missed while the dashboard was down, and skipped.
              </span>
            ) : null}
          </p>
        ) : null}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          As a cron expression (UTC): <code className="font-mono">{cron}</code>
        </p>
      </div>
    </Card>
  );
}
