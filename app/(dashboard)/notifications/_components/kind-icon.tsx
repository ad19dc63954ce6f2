// How each notification kind looks wherever notifications are listed (the sidebar's bell, the Notifications page):
// one icon and colour per kind, and the words the filter tabs use.
import type { ReactNode } from "react";
import { cx } from "@/app/_components/cx";
import type { NotificationKind } from "@/lib/notifications/schemas";

type KindLook = { label: string; tab: string; empty: string; emptyHint: string; tone: string; icon: ReactNode };

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.7, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export const KIND_LOOK: Record<NotificationKind, KindLook> = {
  "run.success": {
    label: "Run finished",
    tab: "Finished runs",
    empty: "No finished runs",
    emptyHint: "Runs that finish are listed here, already read, with a link to what the agent did. A run that drafted is shown in its “drafts waiting” notification.",
    tone: "bg-emerald-50 text-emerald-600 ring-emerald-200 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-500/30",
    icon: <path d="m5 10.5 3.2 3L15 6.5" {...stroke} />,
  },
  "run.failed": {
    label: "Run stopped",
    tab: "Stopped runs",
    empty: "No stopped runs",
    emptyHint: "When a run stops on a problem it shows up here with the reason, so you can fix it and run again.",
    tone: "bg-red-50 text-red-600 ring-red-200 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-500/30",
    icon: <path d="M10 6v4.5M10 13.6v.1M3.5 10a6.5 6.5 0 1 0 13 0 6.5 6.5 0 0 0-13 0Z" {...stroke} />,
  },
  "drafts.created": {
    label: "Drafts waiting",
    tab: "Drafts",
    empty: "No drafts announced",
    emptyHint: "When a campaign run writes drafts, one notification per run links to them in the inbox.",
    tone: "bg-indigo-50 text-indigo-600 ring-indigo-200 dark:bg-indigo-500/15 dark:text-indigo-300 dark:ring-indigo-500/30",
    icon: <path d="M11.5 4.5 15.5 8.5M4 16l.7-3.3 8.6-8.6a1.4 1.4 0 0 1 2 0l.6.6a1.4 1.4 0 0 1 0 2l-8.6 8.6L4 16Z" {...stroke} />,
  },
  "reply.received": {
    label: "Reply received",
    tab: "Replies",
    empty: "No replies",
    emptyHint: "When someone answers a message you sent, the reply shows up here with a link to the conversation.",
    tone: "bg-sky-50 text-sky-600 ring-sky-200 dark:bg-sky-500/15 dark:text-sky-300 dark:ring-sky-500/30",
    icon: <path d="M4 5.5h12v8H9l-3.5 2.5v-2.5H4v-8Z" {...stroke} />,
  },
  "draft.removed": {
    label: "Post removed",
    tab: "Removals",
    empty: "No removals",
    emptyHint: "When a post or comment you sent is found removed or no longer visible, an hour or a day after sending, it shows up here.",
    tone: "bg-amber-50 text-amber-700 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-500/30",
    icon: <path d="M4.5 6h11M8 6V4.5h4V6m-6 0 .7 9.5h6.6L14 6M8.5 9l3 3m0-3-3 3" {...stroke} />,
  },
  "contact.erased": {
    label: "Person erased",
    tab: "Erasures",
    empty: "No erasures",
    emptyHint: "When an admin erases everything held about a person at their request, it is recorded here, without naming them.",
    tone: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-500/15 dark:text-zinc-300 dark:ring-zinc-500/30",
    icon: <path d="M10 3.5 4.5 5.5v4c0 3.3 2.3 5.9 5.5 7 3.2-1.1 5.5-3.7 5.5-7v-4L10 3.5Zm-2.5 7 2 2 3.5-4" {...stroke} />,
  },
};

/** The kind's icon in a tinted circle. Decorative: the row says the kind in words for screen readers. */
export function KindIcon({ kind, className }: { kind: NotificationKind; className?: string }) {
  const look = KIND_LOOK[kind] ?? KIND_LOOK["run.success"];
  return (
    <span aria-hidden="true" className={cx("flex size-8 shrink-0 items-center justify-center rounded-full ring-1 ring-inset", look.tone, className)}>
      <svg viewBox="0 0 20 20" className="size-4">
        {look.icon}
      </svg>
    </span>
  );
}
