import { Badge, type BadgeTone } from "@/app/_components/badge";
import { Spinner } from "@/app/_components/button";
import type { ReplyStatus } from "@/lib/conversations/find-open-replies";

const STATUS: Record<ReplyStatus, { label: string; tone: BadgeTone }> = {
  drafting_failed: { label: "Drafting failed", tone: "danger" },
  to_review: { label: "Reply to review", tone: "warning" },
  drafting: { label: "Drafting reply", tone: "primary" },
  approved: { label: "Reply approved", tone: "success" },
};

/** What a thread's open reply needs from the reviewer; nothing open reads as who spoke last. */
export function ReplyStatusBadge({ status, lastDirection }: { status: ReplyStatus | null; lastDirection?: "inbound" | "outbound" | null }) {
  if (status) {
    const { label, tone } = STATUS[status];
    return (
      <Badge tone={tone}>
        {status === "drafting" ? <Spinner className="mr-1 size-3" /> : null}
        {label}
      </Badge>
    );
  }
  if (lastDirection === "outbound") return <Badge>Awaiting their reply</Badge>;
  return <Badge>No reply open</Badge>;
}

export const THREAD_KIND_LABELS: Record<string, string> = { dm: "DM", post_comment: "Comments" };
