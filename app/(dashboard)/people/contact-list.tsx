import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDateTime } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import type { ContactView } from "@/lib/conversations/list-contacts";

const OUTCOME_TONE: Record<string, "success" | "neutral"> = { replied: "success" };

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
      <Table label="Contacts">
        <THead>
          <tr>
            <Th>Person</Th>
            <Th>Platform · account</Th>
            <Th>First contacted</Th>
            <Th>Last contacted</Th>
            <Th>Outcome</Th>
            <Th>
              <span className="sr-only">Thread</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {contacts.map((c) => (
            <Tr key={c.id}>
              <Td className="font-medium whitespace-nowrap text-zinc-900 dark:text-zinc-100">{c.targetUser}</Td>
              <Td className="whitespace-nowrap">
                <span className="capitalize">{c.platform}</span>
                <span className="text-zinc-500 dark:text-zinc-400"> · {c.accountHandle}</span>
              </Td>
              <Td className="whitespace-nowrap text-zinc-500 dark:text-zinc-400">{formatDateTime(c.firstContactedAt)}</Td>
              <Td className="whitespace-nowrap text-zinc-500 dark:text-zinc-400">{formatDateTime(c.lastContactedAt)}</Td>
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
