"use client";
// A client component, so the page sends the contacts' data once and the rows are drawn from it. As a server component
// the table and its phone cards (PhoneSwitch) both travelled to the browser as element trees: 218 KB of the page's
// 314 KB for 50 rows (docs/performance.md "People search").

import Link from "next/link";
import { PhoneSwitch } from "@/app/_components/phone-switch";
import { RelativeTime } from "@/app/_components/relative-time";
import { Badge } from "@/app/_components/badge";
import { formatDateTime } from "@/app/_components/format";
import { EmptyState } from "@/app/_components/empty-state";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { ContactView } from "@/lib/conversations/list-contacts";
import { OptOutButton } from "./opt-out-button";

const pageLink = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";
const OUTCOME_TONE: Record<string, "success" | "neutral"> = { replied: "success" };

// Handles can be a couple of hundred characters with nothing to break on. A fixed layout gives the dates, outcome and
// link the widths they need and the person whatever is left, where a long handle is truncated (whole in its title),
// so the table fits its card instead of growing sideways. Below xl the dates take two lines. Narrower than 44rem
// (a phone) the table scrolls inside its card.
const layout = "[&>table]:min-w-[44rem] [&>table]:table-fixed";
const dateColumn = "w-36 xl:w-60";
const dateCell = "text-zinc-500 xl:whitespace-nowrap dark:text-zinc-400";

/** The person's data request page: what is held about them, its download, and erasure (docs/privacy.md). */
function PersonDataLink({ platform, handle, className }: { platform: string; handle: string; className?: string }) {
  return (
    <Link
      href={`/people/privacy?${new URLSearchParams({ platform, handle })}`}
      className={`inline-block text-sm font-medium whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400 ${className ?? ""}`}
    >
      Their data<span className="sr-only"> ({handle})</span>
    </Link>
  );
}

/** The All contacts tab: contact history, the per-person source of truth once a draft is sent (SPEC 1.6). */
export function ContactList(
  { contacts, nextCursor, paged = false, filters = {} }: { contacts: ContactView[]; nextCursor: string | null; paged?: boolean; filters?: { platform?: string; q?: string } },
) {
  // Paging keeps the filters.
  const href = (cursor?: string) => `/people?${new URLSearchParams({ tab: "contacts", ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)), ...(cursor ? { cursor } : {}) })}`;
  const filtered = Boolean(filters.platform || filters.q);
  if (contacts.length === 0 && paged) {
    return <EmptyState title="No older contacts" description={<Link href={href()} className={pageLink}>Most recently contacted</Link>} />;
  }
  if (contacts.length === 0 && filtered) {
    return <EmptyState title="No contacts match these filters" description={<Link href="/people?tab=contacts" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Show every contact</Link>} />;
  }
  if (contacts.length === 0) {
    return (
      <EmptyState
        title="No contacts yet"
        description="Once a draft is sent, the person appears here with when you first and last contacted them and how it went."
      />
    );
  }
  const cards = (
    <ul aria-label="Contacts" className="space-y-2">
      {contacts.map((c) => (
        <li key={c.id} className="rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
          <div className="flex items-start justify-between gap-3">
            <span className="min-w-0 font-medium break-all text-zinc-900 dark:text-zinc-100">{c.targetUser}</span>
            <Badge tone={OUTCOME_TONE[c.outcome] ?? "neutral"}>{c.outcome}</Badge>
          </div>
          <p className="mt-0.5 text-xs break-all text-zinc-500 dark:text-zinc-400">
            <span className="capitalize">{c.platform}</span> · {c.accountHandle}
          </p>
          <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-300">
            First contacted <RelativeTime at={c.firstContactedAt} />, last <RelativeTime at={c.lastContactedAt} />
          </p>
          {c.threadId ? (
            <Link href={`/conversations/${c.threadId}`} className="mt-2 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              View thread<span className="sr-only"> with {c.targetUser}</span>
            </Link>
          ) : null}
          <PersonDataLink platform={c.platform} handle={c.targetUser} className={c.threadId ? "mt-2 ml-4" : "mt-2"} />
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <PhoneSwitch cards={cards} table={
      <Table label="Contacts" className={layout}>
        <THead>
          <tr>
            <Th>Person</Th>
            <Th className={dateColumn}>First contacted</Th>
            <Th className={dateColumn}>Last contacted</Th>
            <Th className="w-28">Outcome</Th>
            <Th className="w-36">
              <span className="sr-only">Thread and opt-out</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {contacts.map((c) => (
            <Tr key={c.id}>
              <Td>
                <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100" title={c.targetUser}>
                  {c.targetUser}
                </span>
                <span className="mt-0.5 block truncate text-xs text-zinc-500 dark:text-zinc-400" title={`${c.platform} · ${c.accountHandle}`}>
                  <span className="capitalize">{c.platform}</span> · {c.accountHandle}
                </span>
              </Td>
              <Td className={dateCell}><RelativeTime at={c.firstContactedAt} /></Td>
              <Td className={dateCell}><RelativeTime at={c.lastContactedAt} /></Td>
              <Td>
                <div className="flex flex-col items-start gap-1">
                  <Badge tone={OUTCOME_TONE[c.outcome] ?? "neutral"}>{c.outcome}</Badge>
                  {c.optedOutAt ? (
                    <Badge
                      tone="danger"
                      title={
                        c.optOutSource === "reply"
                          ? `Their reply asked not to be contacted ("${c.optOutPhrase ?? ""}"), ${formatDateTime(c.optedOutAt)}`
                          : `Marked by hand, ${formatDateTime(c.optedOutAt)}`
                      }
                    >
                      Opted out
                    </Badge>
                  ) : null}
                </div>
              </Td>
              <Td className="text-right">
                <div className="flex flex-col items-end gap-1">
                  {c.threadId ? (
                    <Link href={`/conversations/${c.threadId}`} className="text-sm font-medium whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400">
                      View thread<span className="sr-only"> with {c.targetUser}</span>
                    </Link>
                  ) : null}
                  <OptOutButton contactId={c.id} handle={c.targetUser} optedOut={c.optedOutAt !== null} />
                  <PersonDataLink platform={c.platform} handle={c.targetUser} />
                </div>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      } />
      {nextCursor || paged ? (
        <div className="mt-4 flex justify-end gap-4 text-sm">
          {paged ? <Link href={href()} className={pageLink}>Most recently contacted</Link> : null}
          {nextCursor ? <Link href={href(nextCursor)} className={pageLink}>Older contacts →</Link> : null}
        </div>
      ) : null}
    </>
  );
}
