import type { ReactNode } from "react";
import { campaignStateLabel } from "@/lib/campaigns/campaign-state";
import { cx } from "./cx";

export type BadgeTone = "neutral" | "primary" | "success" | "warning" | "danger";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-200 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
  primary: "bg-indigo-50 text-indigo-700 ring-indigo-200 dark:bg-indigo-500/15 dark:text-indigo-300 dark:ring-indigo-500/30",
  success:
    "bg-emerald-50 text-emerald-700 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30",
  warning: "bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-500/30",
  danger: "bg-red-50 text-red-700 ring-red-200 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30",
};

type BadgeProps = { tone?: BadgeTone; className?: string; title?: string; children: ReactNode };

export function Badge({ tone = "neutral", className, title, children }: BadgeProps) {
  return (
    <span
      title={title}
      className={cx(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Campaign state as a badge, in the words every page uses for it: active reads as "on", paused as held back, draft as neutral. */
export function CampaignStateBadge({ state }: { state: string }) {
  return <Badge tone={state === "active" ? "success" : state === "paused" ? "warning" : "neutral"}>{campaignStateLabel(state)}</Badge>;
}
