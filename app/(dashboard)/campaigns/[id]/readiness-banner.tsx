"use client";

import Link from "next/link";
import { buttonClasses, Spinner } from "@/app/_components/button";
import type { CampaignReadiness } from "@/lib/campaigns/get-campaign-readiness";
import { ProfileGenerationButton } from "./profile-generation";

/**
 * SPEC 1 "Campaign readiness banner": blocking issues under "Setup required", each with its action; long operations
 * under "In progress" with a spinner and no button. Nothing at all when the campaign is ready and idle.
 */
export function ReadinessBanner({ campaignId, readiness }: { campaignId: number; readiness: Pick<CampaignReadiness, "blocking" | "inProgress"> }) {
  if (readiness.blocking.length === 0 && readiness.inProgress.length === 0) return null;

  return (
    <div className="mb-6 space-y-3">
      {readiness.blocking.length > 0 ? (
        <section
          aria-labelledby="readiness-blocking"
          className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 dark:border-amber-500/30 dark:bg-amber-500/10"
        >
          <h2 id="readiness-blocking" className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-200">
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
            Setup required
          </h2>
          <ul className="mt-3 space-y-2">
            {readiness.blocking.map((issue) => (
              <li key={issue.code} data-readiness={issue.code} className="flex flex-wrap items-center justify-between gap-3">
                <p className="min-w-0 flex-1 text-sm text-amber-900 dark:text-amber-100">{issue.message}</p>
                {issue.action.href ? (
                  <Link href={issue.action.href} className={buttonClasses("secondary", "sm")}>
                    {issue.action.label}
                  </Link>
                ) : (
                  <ProfileGenerationButton campaignId={campaignId} intent="generate" label={issue.action.label} />
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {readiness.inProgress.length > 0 ? (
        <section
          aria-labelledby="readiness-progress"
          className="rounded-lg border border-indigo-200 bg-indigo-50 px-5 py-4 dark:border-indigo-500/30 dark:bg-indigo-500/10"
        >
          <h2 id="readiness-progress" className="text-sm font-semibold text-indigo-900 dark:text-indigo-200">
            In progress
          </h2>
          <ul className="mt-2 space-y-1.5">
            {readiness.inProgress.map((item) => (
              <li key={item.code} className="flex items-center gap-2 text-sm text-indigo-900 dark:text-indigo-100">
                <Spinner className="size-4 text-indigo-600 dark:text-indigo-300" />
                <span>{item.label}</span>
                <Link href={`/runs/${item.runId}`} className="text-xs text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300">
                  View log
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
