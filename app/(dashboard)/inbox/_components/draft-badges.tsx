import { Badge, type BadgeTone } from "@/app/_components/badge";
import { formatDate, formatDateTime } from "@/lib/format/date-time";
import type { DedupWarning, DraftView } from "@/lib/drafts/draft-view";

export type QualityThresholds = { red: number; green: number };

// The reviewer's own zone, once the page runs in the browser (the server's HTML writes UTC: date-words.ts), in the
// product's one date style (lib/format/date-time.ts).
const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function formatLocalDateTime(iso: string): string {
  return formatDateTime(iso, viewerZone());
}

export function formatLocalDate(iso: string): string {
  return formatDate(iso, viewerZone());
}

/** "just now", "5 min ago", "3 h ago", then the date: an inbox is read by recency. */
export function formatAgo(iso: string, now = Date.now()): string {
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 7) return `${days} d ago`;
  return formatDate(iso, viewerZone());
}

/** SPEC quality scoring: red below threshold_red, green at or above threshold_green, amber between. */
export function qualityTone(score: number, t: QualityThresholds): BadgeTone {
  if (score < t.red) return "danger";
  if (score >= t.green) return "success";
  return "warning";
}

/**
 * The words behind a Q badge: what the score is, where the colours change, the filter in force, and the judge's own
 * reason. A reviewer meets the badge on every row, so it explains itself on hover.
 */
export function qualityExplanation(draft: Pick<DraftView, "qualityScore" | "qualityReason" | "qualityModel">, t: QualityThresholds, minQuality?: string | null): string {
  const lines = [
    `Quality score ${draft.qualityScore} of 100: how well the body meets your organization's quality rubric, scored by the agent that wrote it.`,
    `Red below ${t.red}, amber from ${t.red} to ${t.green - 1}, green from ${t.green} (Settings, quality rubric).`,
  ];
  // The inbox passes its filter (null when unset); elsewhere no list is being filtered.
  if (minQuality !== undefined) {
    lines.push(minQuality ? `Showing drafts scored ${minQuality} or more (Min quality filter).` : "Min quality filter: none, drafts of every score are shown.");
  }
  if (draft.qualityReason) lines.push(`Why: ${draft.qualityReason}`);
  if (draft.qualityModel) lines.push(`Scored by ${draft.qualityModel}.`);
  return lines.join("\n");
}

/**
 * `brief` gives the score and the judge's reason only: the inbox's rows as the server sends them, where the rubric's
 * lines would repeat on each of 50 rows (docs/performance.md "Page weight"). The page is inert until it is hydrated,
 * and from then on every badge explains itself in full.
 */
export function QualityBadge({ draft, thresholds, minQuality, brief = false }: { draft: DraftView; thresholds: QualityThresholds; minQuality?: string | null; brief?: boolean }) {
  if (draft.qualityScore === null) return null;
  const tip = brief
    ? [`Quality score ${draft.qualityScore} of 100.`, draft.qualityReason ? `Why: ${draft.qualityReason}` : null].filter(Boolean).join("\n")
    : qualityExplanation(draft, thresholds, minQuality);
  return (
    <Badge tone={qualityTone(draft.qualityScore, thresholds)} title={tip} className="font-mono cursor-help">
      Q{draft.qualityScore}
    </Badge>
  );
}

/** "Contacted before" only when a message was sent; a person who only has another draft waiting was drafted for. */
export function DedupBadge({ warning, formatDate = formatLocalDate }: { warning: DedupWarning; formatDate?: (iso: string) => string }) {
  const when = formatDate(warning.lastContactedAt);
  const sent = warning.source !== "draft";
  const tip = sent
    ? `Last contacted ${when} (within your ${warning.windowDays}-day window)`
    : `Another draft to this person was written ${when} and has not been sent (within your ${warning.windowDays}-day window)`;
  return (
    <Badge tone="warning" title={tip}>
      {sent ? "Contacted before" : "Already drafted for"}
      <span className="sr-only">: {tip}</span>
    </Badge>
  );
}

const STATE_LABELS: Record<DraftView["state"], { label: string; tone: BadgeTone }> = {
  pending_review: { label: "Pending review", tone: "primary" },
  proposed: { label: "Proposed", tone: "primary" },
  approved: { label: "Approved", tone: "success" },
  armed: { label: "Armed", tone: "success" },
  sent: { label: "Sent", tone: "neutral" },
  replied: { label: "Replied", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

export function StateBadge({ state }: { state: DraftView["state"] }) {
  const { label, tone } = STATE_LABELS[state] ?? { label: state, tone: "neutral" as const };
  return <Badge tone={tone}>{label}</Badge>;
}

const KIND_LABELS: Record<DraftView["kind"], string> = {
  dm: "DM",
  post: "Post",
  post_comment: "Comment",
  reply_dm: "Reply · DM",
  reply_comment: "Reply · comment",
  followup_dm: "Follow-up · DM",
  followup_comment: "Follow-up · comment",
};

/** Reply drafts continue a conversation the target started, so they stand out from cold outreach. */
export function KindBadge({ draft }: { draft: DraftView }) {
  return <Badge tone={draft.isReply ? "primary" : "neutral"}>{KIND_LABELS[draft.kind] ?? draft.kind}</Badge>;
}

/** "Follow-up 1 of 2" (docs/sequences.md): the person has not answered the messages before it. */
export function FollowupBadge({ draft }: { draft: DraftView }) {
  if (!draft.followup) return null;
  return (
    <Badge tone="primary" title="Drafted because the person has not answered the earlier message; it stops when they reply">
      {draft.followup.label}
    </Badge>
  );
}

const WITHDRAWN_WORDS: Record<string, string> = {
  replied: "Withdrawn: the person replied before it was sent",
};

/** A draft the system rejected on its own, with why: the reviewer did not do it. */
export function WithdrawnBadge({ draft }: { draft: DraftView }) {
  if (!draft.withdrawnReason || draft.state !== "rejected") return null;
  const words = WITHDRAWN_WORDS[draft.withdrawnReason] ?? `Withdrawn: ${draft.withdrawnReason.replace(/_/g, " ")}`;
  return (
    <Badge tone="warning" title={words}>
      {words}
    </Badge>
  );
}
