// The Tuning tab's judge card (docs/tuning.md "The judge"): how well the agent's quality score predicted what
// reviewers approved, the agreement at the campaign's inbox default, and a suggested threshold to apply in one click.
import { formatDay } from "@/lib/format/date-time";
import Link from "next/link";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { JudgeCalibration, ThresholdOutcome } from "@/lib/outcomes/judge-schemas";
import { ApplyThreshold } from "./apply-threshold";
import { CalibrationChart } from "./calibration-chart";

const pct = (r: number | null) => (r === null ? "—" : `${Math.round(r * 100)}%`);
const n = (k: number, one: string, many = `${one}s`) => `${k} ${k === 1 ? one : many}`;

function hiddenKept(o: ThresholdOutcome) {
  const hidden = o.hidden.approved + o.hidden.rejected;
  const kept = o.kept.approved + o.kept.rejected;
  return `would have hidden ${n(hidden, "draft")} (${o.hidden.rejected} rejected, ${o.hidden.approved} approved) and shown ${kept} (${o.kept.approved} approved, ${o.kept.rejected} rejected)`;
}

export function JudgeCard({ judge }: { judge: JudgeCalibration }) {
  const { current, suggestion } = judge;
  const campaignInbox = `/inbox?campaign=${judge.campaignId}`;
  return (
    <Card
      title="Quality scores against your reviewers"
      description={`How well the agent's quality score predicted what reviewers approved, over the last ${judge.weeks} weeks.`}
    >
      {judge.decided === 0 ? (
        <EmptyState
          title="No reviewed drafts with a score yet"
          description="Once reviewers approve or reject this campaign's scored drafts, this shows how often they agreed with the score."
        />
      ) : (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
          <figure className="min-w-0">
            <figcaption className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
              Approval rate per score band, from {n(judge.decided, "decided draft")}
              {judge.unscored > 0 ? ` (${judge.unscored} without a score left out)` : ""}. A red line: reviewers rejected every draft in that band; no bar: no decisions.
            </figcaption>
            <CalibrationChart bands={judge.bands} threshold={current.minQuality} />
          </figure>

          <div className="min-w-0 space-y-5 text-sm text-zinc-700 dark:text-zinc-300">
            <section aria-label="Current inbox filter" data-testid="judge-current">
              <h3 className="font-medium text-zinc-900 dark:text-zinc-100">
                {current.minQuality === null ? "No quality filter on this campaign's inbox" : `This campaign's inbox hides drafts scored below ${current.minQuality}`}
              </h3>
              <p className="mt-1">
                Agreement with reviewers: <strong className="tabular-nums">{pct(current.outcome.agreement)}</strong>.{" "}
                {current.minQuality === null ? "Every draft is shown, so this is the share they approved." : `Over these weeks it ${hiddenKept(current.outcome)}.`}
              </p>
              {current.minQuality !== null ? (
                <div className="mt-2 flex flex-wrap items-center gap-3">
                  <ApplyThreshold campaignId={judge.campaignId} minQuality={null} label="Remove the default" variant="secondary" />
                  <Link href={campaignInbox} className="text-indigo-600 hover:underline dark:text-indigo-400">Open the filtered inbox →</Link>
                </div>
              ) : null}
            </section>

            <section aria-label="Suggested threshold" data-testid="judge-suggestion">
              {suggestion ? (
                <>
                  <h3 className="font-medium text-zinc-900 dark:text-zinc-100">Suggested threshold: {suggestion.threshold}</h3>
                  <p className="mt-1">
                    Over the last {judge.weeks} weeks it {hiddenKept(suggestion.outcome)}: agreement{" "}
                    <strong className="tabular-nums">{pct(suggestion.outcome.agreement)}</strong>, keeping {pct(suggestion.outcome.approvedKept)} of what reviewers approved.
                  </p>
                  {current.minQuality !== suggestion.threshold ? (
                    <div className="mt-3">
                      <ApplyThreshold campaignId={judge.campaignId} minQuality={suggestion.threshold} label={`Use ${suggestion.threshold} as this campaign's inbox filter`} />
                    </div>
                  ) : (
                    <p className="mt-2 text-emerald-700 dark:text-emerald-400">This is the campaign's inbox filter.</p>
                  )}
                  <details className="mt-3">
                    <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Week by week</summary>
                    <Table label="Hidden and shown per week" className="mt-2">
                      <THead>
                        <tr>
                          <Th>Week of</Th>
                          <Th className="text-right">Hidden (rejected / approved)</Th>
                          <Th className="text-right">Shown (approved / rejected)</Th>
                        </tr>
                      </THead>
                      <TBody>
                        {suggestion.byWeek.map((w) => (
                          <Tr key={w.week}>
                            <Td>{formatDay(new Date(`${w.week}T00:00:00Z`))}</Td>
                            <Td className="text-right tabular-nums">{w.hidden.rejected} / {w.hidden.approved}</Td>
                            <Td className="text-right tabular-nums">{w.kept.approved} / {w.kept.rejected}</Td>
                          </Tr>
                        ))}
                      </TBody>
                    </Table>
                  </details>
                </>
              ) : (
                <>
                  <h3 className="font-medium text-zinc-900 dark:text-zinc-100">No threshold to suggest yet</h3>
                  <p className="mt-1">{judge.suggestionReason}</p>
                </>
              )}
            </section>
          </div>
        </div>
      )}
    </Card>
  );
}
