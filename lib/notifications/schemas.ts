// Notifications (SPEC 6 "Notification kinds"): the four kinds, the list query and the shape pages and the API read.
import { z } from "zod";
import { MAX_DB_ID, ZText } from "@/lib/http/fields";

// draft.removed: a sent post or comment was found removed or no longer visible (docs/removal-checks.md).
// contact.erased: an admin erased everything held about a person (docs/privacy.md); it names nobody.
export const NOTIFICATION_KINDS = ["run.success", "run.failed", "drafts.created", "reply.received", "draft.removed", "contact.erased"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind carries in `data` (ids only; pages and receivers look the rest up). */
export interface NotificationData {
  runId?: number;
  campaignId?: number | null;
  projectId?: number | null;
  draftIds?: number[];
  count?: number;
  failureReason?: string | null;
  draftId?: number;
  threadId?: number;
  messageId?: number;
  replyDraftId?: number;
  author?: string;
  platform?: string;
  accountId?: number | null;
  /** draft.removed: what a signed-out visitor saw (removed or not_visible) and when. */
  visibility?: string;
  checkedAt?: string;
  /** reply.received: the reply asked not to be contacted, so no continuation was drafted. */
  optedOut?: boolean;
  /** contact.erased: the erasure's audit entry and how many rows of each kind went (never the person). */
  erasureId?: number;
  erased?: Record<string, number>;
  /** reply.received: what the reply means as the rule pass read it on arrival (docs/conversations.md "Reply intent"). */
  intent?: string;
  intentConfidence?: number;
  intentReason?: string;
}

export interface NotificationView {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string | null;
  data: NotificationData;
  read: boolean;
  createdAt: string;
  /** Where the notification leads in the dashboard: the run, the drafts in the inbox, the thread. */
  href: string | null;
  /** The notification this one is shown inside (a run's success inside its "N drafts waiting"), or null. */
  groupedInto: number | null;
}

export const ZNotificationsQuery = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS).optional().describe("Only this kind"),
    unread: z.enum(["1", "true"]).optional().describe("Only unread notifications"),
    grouped: z
      .enum(["1", "true"])
      .optional()
      .describe("Leave out notifications shown inside another (a run's success inside its drafts waiting), as the bell and the Notifications page do"),
    cursor: ZText
      .regex(/^\d{13}_\d{1,10}$/, "A cursor from a previous page")
      .refine((c) => Number(c.split("_")[1]) <= MAX_DB_ID, "A cursor from a previous page")
      .optional()
      .describe("nextCursor of the previous page"),
    limit: z.coerce.number().int().min(1).max(100).optional().describe("Page size (default 30)"),
  })
  .strict();

export const ZNotificationPatch = z.object({ read: z.literal(true).describe("Marks the notification read") }).strict();
