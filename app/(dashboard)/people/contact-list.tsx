import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDateTime } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { ContactView } from "@/lib/conversations/list-contacts";

const OUTCOME_TONE: Record<string, "success" | "neutral"> = { replied: "success" };

// Handles can be a couple of hundred characters with nothing to break on. A fixed layout gives the dates, outcome and
// link the widths they need and the person whatever is left, where a long handle is truncated (whole in its title),
// so the table fits its card instead of growing sideways. Below xl the dates take two lines. Narrower than 44rem
// (a phone) the table scrolls inside its card.
const layout = "[&>table]:min-w-[44rem] [&>table]:table-fixed";
const dateColumn = "w-36 xl:w-60";
const dateCell = "text-zinc-500 xl:whitespace-nowrap dark:text-zinc-400";

/** The All contacts tab: contact history, the per-person source of truth once a draft is sent (SPEC 1.6). */
export function ContactList({ contacts, truncated, filtered = false }: { contacts: ContactView[]; truncated: boolean; filtered?: boolean }) {
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
  return (
    <>
      <Table label="Contacts" className={layout}>
        <THead>
          <tr>
            <Th>Person</Th>
            <Th className={dateColumn}>First contacted</Th>
            <Th className={dateColumn}>Last contacted</Th>
            <Th className="w-28">Outcome</Th>
            <Th className="w-32">
              <span className="sr-only">Thread</span>
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
              <Td className={dateCell}>{formatDateTime(c.firstContactedAt)}</Td>
              <Td className={dateCell}>{formatDateTime(c.lastContactedAt)}</Td>
              <Td>
                <Badge tone={OUTCOME_TONE[c.outcome] ?? "neutral"}>{c.outcome}</Badge>
              </Td>
              <Td className="text-right">
                {c.threadId ? (
                  <Link href={`/conversations/${c.threadId}`} className="text-sm font-medium whitespace-nowrap text-indigo-600 hover:underline dark:text-indigo-400">
                    View thread<span className="sr-only"> with {c.targetUser}</span>
                  </Link>
                ) : null}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      {truncated ? <p className="mt-3 text-sm text-zinc-500 dark:text-zinc-400">Showing the {contacts.length} most recently contacted people.</p> : null}
    </>
  );
}
