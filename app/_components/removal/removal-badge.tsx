// What the last removal check of a sent post or comment saw (docs/removal-checks.md), as one badge: the inbox's Sent
// tab shows it under the state, the thread page beside its Check now. Dates render in the viewer's own zone.
import { Badge, type BadgeTone } from "@/app/_components/badge";
import { formatDateTime } from "@/lib/format/date-time";
import type { RemovalCheckView } from "@/lib/drafts/draft-view";

const LOOK: Record<NonNullable<RemovalCheckView["status"]>, { label: string; tone: BadgeTone; means: string }> = {
  visible: { label: "Visible", tone: "success", means: "A visitor who is not signed in sees it" },
  removed: { label: "Removed", tone: "danger", means: "The platform or a moderator removed it" },
  deleted: { label: "Deleted by author", tone: "neutral", means: "Its author (this account) deleted it" },
  not_visible: { label: "Not visible", tone: "warning", means: "A visitor who is not signed in cannot see it (deleted, hidden, or its community is private)" },
};

const localWhen = (iso: string) => formatDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");

/** `when` writes the times; a hydrated client component passes one that agrees with the server's HTML. */
export function removalCheckTitle(check: RemovalCheckView, when: (iso: string) => string = localWhen): string {
  const parts: string[] = [];
  if (check.status) parts.push(`${LOOK[check.status].means}. Checked ${when(check.checkedAt!)}.`);
  else if (check.checkable) parts.push("Not checked yet.");
  else parts.push("No link to the post on the platform, so it cannot be checked.");
  if (check.error) parts.push(`The last check said nothing: ${check.error}`);
  if (check.nextCheckAt) parts.push(`Next check ${when(check.nextCheckAt)}.`);
  return parts.join(" ");
}

export function RemovalBadge({ check, when }: { check: RemovalCheckView | null; when?: (iso: string) => string }) {
  if (!check) return null;
  const title = removalCheckTitle(check, when);
  if (!check.status) {
    if (!check.checkable) return null;
    return (
      <Badge tone="neutral" title={title}>
        <span data-testid="removal-status">{check.error ? "Check failed" : "Not checked yet"}</span>
        <span className="sr-only">: {title}</span>
      </Badge>
    );
  }
  const look = LOOK[check.status];
  return (
    <Badge tone={look.tone} title={title}>
      <span data-testid="removal-status">{look.label}</span>
      <span className="sr-only">: {title}</span>
    </Badge>
  );
}
