"use client";
// A client component, so the page sends the threads' data once and the rows are drawn from it. As a server component
// the table and its phone cards (PhoneSwitch) both travelled to the browser as element trees: 218 KB of the page's
// 314 KB for 50 rows (docs/performance.md "People search").

import Link from "next/link";
import { PhoneSwitch } from "@/app/_components/phone-switch";
import { RelativeTime } from "@/app/_components/relative-time";
import { Badge } from "@/app/_components/badge";
import { EmptyState } from "@/app/_components/empty-state";
import { excerpt } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { ThreadSummary } from "@/lib/conversations/list-threads";
import { ReplyStatusBadge, THREAD_KIND_LABELS } from "./reply-status-badge";
import { ThreadReplyActions } from "./thread-reply-actions";
import { IntentBadge } from "@/app/_components/intent-badge";

const link = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

// A fixed layout, as in the contacts table: the counts, dates and badges get the widths they need, the person and the
// last message share the rest and truncate (whole in their titles), so a long handle cannot widen the table past its
// card. Below xl the date takes two lines; narrower than 44rem (a phone) the table scrolls inside its card.
const layout = "[&>table]:min-w-[64rem] [&>table]:table-fixed";

/** The Threads tab: one row per conversation, newest activity first, each opening its thread page. */
export function ThreadList({ threads, nextCursor, paged, filters = {} }: { threads: ThreadSummary[]; nextCursor: string | null; paged: boolean; filters?: { filter?: string; kind?: string; q?: string; sort?: string; intent?: string } }) {
  // Paging keeps the filters; "all" and "recent" are the defaults and stay out of the URL.
  const base = new URLSearchParams(Object.entries(filters).filter(([, v]) => v && v !== "all" && v !== "recent") as [string, string][]);
  const filtered = base.size > 0;
  const href = (cursor?: string) => {
    const q = new URLSearchParams(base);
    if (cursor) q.set("cursor", cursor);
    return q.size ? `/people?${q}` : "/people";
  };
  if (threads.length === 0 && filtered && !paged) {
    return <EmptyState title={filters.q ? `No conversations match “${filters.q}”` : "No conversations match these filters"} description={<Link href="/people" className={link}>Show every conversation</Link>} />;
  }
  if (threads.length === 0) {
    return (
      <EmptyState
        title={paged ? "No older threads" : "No conversations yet"}
        description={
          paged ? (
            <Link href="/people" className={link}>Back to the newest threads</Link>
          ) : (
            "When someone answers a draft you sent, the browser extension brings the reply in and the conversation appears here with a reply drafted for you."
          )
        }
      />
    );
  }
  const cards = (
    <ul aria-label="Threads" className="space-y-2">
      {threads.map((t) => (
        <li key={t.id} className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-3">
            <Link href={`/conversations/${t.id}`} className={`${link} min-w-0 break-all`}>
              {t.targetUser}
            </Link>
            <RelativeTime at={t.lastMessageAt} className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400" />
          </div>
          <p className="mt-0.5 text-xs break-all text-zinc-500 dark:text-zinc-400">
            <span className="capitalize">{t.platform}</span> · {t.accountHandle} · {t.messageCount} {t.messageCount === 1 ? "message" : "messages"}
          </p>
          {t.lastMessage ? (
            <p className="mt-2 text-sm break-words text-zinc-800 dark:text-zinc-200">
              <span className="text-zinc-500 dark:text-zinc-400">{t.lastMessage.direction === "outbound" ? "You: " : "Them: "}</span>
              {excerpt(t.lastMessage.body, 160)}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge>{THREAD_KIND_LABELS[t.kind] ?? t.kind}</Badge>
            {t.intent ? <IntentBadge intent={t.intent} /> : null}
            <ReplyStatusBadge status={t.replyStatus} lastDirection={t.lastMessage?.direction ?? null} />
          </div>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <PhoneSwitch cards={cards} table={
      <Table label="Threads" className={layout}>
        <THead>
          <tr>
            <Th>Person</Th>
            <Th>Last message</Th>
            <Th className="w-36">Intent</Th>
            <Th className="w-28 text-right">Messages</Th>
            <Th className="w-36 xl:w-60">Last activity</Th>
            <Th className="w-64">Reply</Th>
          </tr>
        </THead>
        <TBody>
          {threads.map((t) => (
            <Tr key={t.id}>
              <Td>
                <span className="flex items-center gap-2">
                  <Link href={`/conversations/${t.id}`} className={`${link} truncate`} data-thread-id={t.id} title={t.targetUser}>
                    {t.targetUser}
                  </Link>
                  <span className="shrink-0">
                    <Badge>{THREAD_KIND_LABELS[t.kind] ?? t.kind}</Badge>
                  </span>
                </span>
                <span className="mt-0.5 block truncate text-xs text-zinc-500 dark:text-zinc-400" title={`${t.platform} · ${t.accountHandle}`}>
                  <span className="capitalize">{t.platform}</span> · {t.accountHandle}
                </span>
              </Td>
              <Td>
                {t.lastMessage ? (
                  <span className="block truncate" title={t.lastMessage.body}>
                    <span className="text-zinc-500 dark:text-zinc-400">{t.lastMessage.direction === "outbound" ? "You: " : "Them: "}</span>
                    {excerpt(t.lastMessage.body, 120)}
                  </span>
                ) : (
                  <span className="text-zinc-500 dark:text-zinc-400">—</span>
                )}
              </Td>
              <Td>{t.intent ? <IntentBadge intent={t.intent} /> : <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Td>
              <Td className="text-right tabular-nums">{t.messageCount}</Td>
              <Td className="text-zinc-500 xl:whitespace-nowrap dark:text-zinc-400"><RelativeTime at={t.lastMessageAt} /></Td>
              <Td>
                <ReplyStatusBadge status={t.replyStatus} lastDirection={t.lastMessage?.direction ?? null} />
                {t.reply ? <ThreadReplyActions key={`${t.reply.draftId}:${t.reply.version}:${t.reply.status}`} reply={t.reply} person={t.targetUser} /> : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      } />
      {nextCursor || paged ? (
        <div className="mt-4 flex justify-end gap-4 text-sm">
          {paged ? <Link href={href()} className={link}>Newest threads</Link> : null}
          {nextCursor ? <Link href={href(nextCursor)} className={link}>Older threads →</Link> : null}
        </div>
      ) : null}
    </>
  );
}
