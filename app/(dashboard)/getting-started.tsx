"use client";

import Link from "next/link";
import { apiFetch } from "@/app/_components/api-fetch";
import { Button, LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { cx } from "@/app/_components/cx";
import { InlineError } from "@/app/_components/inline-error";
import { useMutation } from "@/app/_components/use-mutation";
import type { GettingStartedStep } from "@/lib/onboarding/getting-started-steps";

/**
 * Home's Getting started: how far the organization is ("2 of 4 done"), each step with a link to where it is done, the
 * next one as the main button, and Hide for a team that does not want it (it stays hidden for the organization).
 */
export function GettingStarted({ steps }: { steps: GettingStartedStep[] }) {
  const hide = useMutation();
  const done = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done) ?? steps[0]!;
  return (
    <Card
      title="Getting started"
      description={
        <span data-testid="getting-started-progress">
          {done} of {steps.length} done
        </span>
      }
      actions={
        <Button
          variant="ghost"
          size="sm"
          pending={hide.pending}
          onClick={() => hide.run(() => apiFetch("/api/organization/getting-started", { method: "PUT", body: { dismissed: true } }))}
        >
          Hide
        </Button>
      }
    >
      <div
        role="progressbar"
        aria-label="Getting started"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${steps.length} steps done`}
        className="mb-5 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full rounded-full bg-emerald-500" style={{ width: `${(done / steps.length) * 100}%` }} />
      </div>
      <ol className="space-y-4">
        {steps.map((step, i) => (
          <li key={step.key} className="flex items-start gap-3" data-testid={`getting-started-${step.key}`}>
            <span
              aria-hidden="true"
              className={cx(
                "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                step.done
                  ? "bg-emerald-100 text-emerald-700 dark:bg-emerald-500/20 dark:text-emerald-300"
                  : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
              )}
            >
              {step.done ? "✓" : i + 1}
            </span>
            <div className="min-w-0">
              <p className={cx("text-sm font-medium", step.done ? "text-zinc-500 dark:text-zinc-400" : "text-zinc-900 dark:text-zinc-100")}>
                {step.title}
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
              </p>
              <p className="text-sm text-zinc-500 dark:text-zinc-400">{step.body}</p>
              {step.done ? null : (
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  <Link href={step.href} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                    {step.action} →
                  </Link>
                  {step.extra ? (
                    // A plain link: a file to download, not a page for the router.
                    <a href={step.extra.href} download={step.extra.download} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      {step.extra.label}
                    </a>
                  ) : null}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <LinkButton href={next.href}>{next.title}</LinkButton>
        <InlineError message={hide.error} />
      </div>
    </Card>
  );
}
