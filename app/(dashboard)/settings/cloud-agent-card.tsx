// Settings > General > Agents in the cloud edition: the agent a customer's campaigns run on, as their choices and
// their budget (which agent, which model, how many minutes are left), not the host's inventory of CLIs and commands,
// which is the operator's (the Operator area).
import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { formatDate } from "@/app/_components/format";
import type { CloudAllowance } from "@/lib/billing/get-cloud-allowance";
import type { RunnerStatus } from "@/lib/runners/detect-runners";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

function minutesText(a: CloudAllowance): string {
  const used = Math.ceil(a.usedSeconds / 60);
  const included = a.plan.includedMinutes;
  const renews = formatDate(a.period.end);
  if (a.paid) return `${used.toLocaleString("en-US")} used this period; ${included.toLocaleString("en-US")} are included in ${a.plan.label}, the rest is billed. Renews ${renews}.`;
  const left = Math.max(0, included - used);
  return `${left.toLocaleString("en-US")} of ${included.toLocaleString("en-US")} left this month; runs stop when they are used up, until ${renews}.`;
}

export function CloudAgentCard({ cloud, allowance, planHref }: {
  /** The cloud runner's detection (its relay's answer), or undefined when none was made. */
  cloud: RunnerStatus | undefined;
  /** Minutes against the plan, when the service meters them; null when nothing is limited. */
  allowance: CloudAllowance | null;
  /** Where the plan is seen and changed, for those who may. */
  planHref: string | null;
}) {
  const ready = cloud?.available ?? false;
  return (
    <Card
      title="Your agent"
      description="Campaigns here run on the service's own agent, in the cloud. It reads and writes only through this dashboard, and a person reviews every draft it writes."
      actions={<Badge tone={ready ? "success" : "warning"}>{ready ? "Ready" : "Not available right now"}</Badge>}
    >
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-3" aria-label="Your agent">
        <Fact label="Agent">Cloud agent</Fact>
        <Fact label="Model">{cloud?.model ?? <span className="text-zinc-500 dark:text-zinc-400">Chosen by the service</span>}</Fact>
        <Fact label="Minutes">
          {allowance ? minutesText(allowance) : <span className="text-zinc-600 dark:text-zinc-300">Not limited on this service.</span>}
        </Fact>
      </dl>
      {!ready && cloud?.reason ? <p className="mt-4 text-sm text-amber-800 dark:text-amber-300">{cloud.reason}</p> : null}
      {planHref ? (
        <p className="mt-4 text-sm">
          <Link href={planHref} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Plan and usage
          </Link>
        </p>
      ) : null}
    </Card>
  );
}
