// Insight commands of the `outreach` CLI. `insights:daily` starts the daily pass by hand (the insights-daily job runs
// it every hour, docs/jobs.md); it calls the same selection the job and the tests use.
import { parseArgs } from "node:util";
import { CliUsageError, positiveInt } from "@/lib/cli/drafts-commands";
import { runDailyInsights } from "@/lib/insights/run-daily-insights";

export const INSIGHTS_USAGE = `  insights:daily [--org <id>]...                 start today's project briefs: one project-insighter run per
                                                 active project (every organization, or the --org ones); prints
                                                 what started and what was skipped and why, once the runs ended
`;

export async function insightsDaily(args: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { org: { type: "string", multiple: true } } });
  if (positionals.length > 0) throw new CliUsageError(`insights:daily takes no arguments (got ${positionals.join(" ")})`);
  const orgIds = values.org?.map((raw) => positiveInt(raw, "--org")!);
  const result = await runDailyInsights({ now: new Date(), orgIds });
  // The CLI process hosts the agents it started, so it waits for them; their tools are served by the dashboard.
  const outcomes = await Promise.all(result.started.map((s) => s.done));
  return {
    started: result.started.map(({ done: _done, ...s }, i) => ({ ...s, outcome: outcomes[i] ?? null })),
    skipped: result.skipped,
  };
}
