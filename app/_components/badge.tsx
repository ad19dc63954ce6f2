import type { ReactNode } from "react";
import { campaignStateLabel } from "@/lib/campaigns/campaign-state";
import { cx } from "./cx";

export type BadgeTone = "neutral" | "primary" | "success" | "warning" | "danger";

type BadgeProps = { tone?: BadgeTone; className?: string; title?: string; children: ReactNode };

export function Badge({ tone = "neutral", className, title, children }: BadgeProps) {
  return (
    <span
      title={title}
      // .badge and .badge-<tone> are component classes in app/globals.css (a badge is on every inbox row).
      className={cx("badge", `badge-${tone}`, className)}
    >
      {children}
    </span>
  );
}

/** Campaign state as a badge, in the words every page uses for it: active reads as "on", paused as held back, draft as neutral. */
export function CampaignStateBadge({ state }: { state: string }) {
  return <Badge tone={state === "active" ? "success" : state === "paused" ? "warning" : "neutral"}>{campaignStateLabel(state)}</Badge>;
}
