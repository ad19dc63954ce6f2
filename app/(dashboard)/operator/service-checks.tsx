import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import type { CheckState, ServiceCheck } from "@/lib/operators/get-service-status";

const LOOK: Record<CheckState, { tone: BadgeTone; label: string }> = {
  ok: { tone: "success", label: "Working" },
  attention: { tone: "danger", label: "Needs attention" },
  off: { tone: "neutral", label: "Off" },
};

/** One card per moving part of the stack: its state, a sentence, its details, and what to set when it is not right. */
export function ServiceChecks({ checks }: { checks: ServiceCheck[] }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2" data-testid="service-checks">
      {checks.map((c) => (
        <Card key={c.id} title={c.title} actions={<Badge tone={LOOK[c.state].tone}>{LOOK[c.state].label}</Badge>}>
          <div className="space-y-3 text-sm">
            <p className="text-zinc-700 dark:text-zinc-300">{c.summary}</p>
            {c.details.length > 0 ? (
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                {c.details.map((d) => (
                  <div key={d.label} className="contents">
                    <dt className="text-zinc-500 dark:text-zinc-400">{d.label}</dt>
                    <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{d.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {c.fix ? (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
                <span className="font-medium">To do: </span>
                {c.fix}
              </p>
            ) : null}
          </div>
        </Card>
      ))}
    </div>
  );
}
