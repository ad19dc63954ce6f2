// What a reply means, as a badge (docs/conversations.md "Reply intent"): the Threads tab, the thread page and the
// inbox's reply drafts show the same words and colours. The title says how sure and why.
import { INTENT_LABELS, type ReplyIntent } from "@/lib/replies/reply-intent";
import { Badge, type BadgeTone } from "./badge";

const TONES: Record<ReplyIntent, BadgeTone> = {
  interested: "success",
  question: "primary",
  not_now: "warning",
  not_interested: "neutral",
  out_of_office: "neutral",
  opt_out: "danger",
  other: "neutral",
};

const SOURCES: Record<string, string> = { rules: "sorted by rule", run: "read by the agent", reviewer: "set by a reviewer" };

export function IntentBadge({ intent, confidence, reason, source }: { intent: ReplyIntent; confidence?: number | null; reason?: string | null; source?: string | null }) {
  const sure = confidence != null && source !== "reviewer" ? `${Math.round(confidence * 100)}% sure` : null;
  const title = [reason, [source ? SOURCES[source] : null, sure].filter(Boolean).join(", ")].filter(Boolean).join(" — ");
  return (
    <Badge tone={TONES[intent]} title={title || undefined}>
      <span data-intent={intent}>{INTENT_LABELS[intent]}</span>
    </Badge>
  );
}
