import type { Metadata } from "next";
import { PageHeader } from "@/app/_components/page-header";
import { ChatSyncBanner } from "@/app/_components/chat-sync-banner";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { Tabs } from "@/app/_components/tabs";
import { getPageContext } from "@/lib/auth/page-context";
import { countPeople } from "@/lib/conversations/count-people";
import { decodeThreadCursor, listThreads, type ThreadCursor } from "@/lib/conversations/list-threads";
import { listContacts } from "@/lib/conversations/list-contacts";
import { ContactList } from "./contact-list";
import { ThreadList } from "./thread-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A cursor from an old link that no longer parses starts from the newest threads rather than failing. */
function cursorOf(raw: string | string[] | undefined): ThreadCursor | undefined {
  if (typeof raw !== "string") return undefined;
  try {
    return decodeThreadCursor(raw);
  } catch {
    return undefined;
  }
}

export default async function PeoplePage({ searchParams }: PageProps) {
  const [query, { orgId }] = await Promise.all([searchParams, getPageContext()]);
  const tab = query.tab === "contacts" ? "contacts" : "threads";
  const cursor = cursorOf(query.cursor);
  const counts = await countPeople({ orgId });

  return (
    <>
      <PageHeader title="People" description="Everyone you have contacted, and the conversations that followed." />
      <ChatSyncBanner orgId={orgId} />
      {/* New replies, finished drafting runs and review decisions change what both tabs show. */}
      <RefreshOnStream runs drafts />
      <Tabs
        label="People"
        active={tab}
        items={[
          { key: "threads", label: "Threads", href: "/people", count: counts.threads },
          { key: "contacts", label: "All contacts", href: "/people?tab=contacts", count: counts.contacts },
        ]}
      />
      {tab === "threads" ? <Threads orgId={orgId} cursor={cursor} /> : <Contacts orgId={orgId} />}
    </>
  );
}

async function Threads({ orgId, cursor }: { orgId: number; cursor?: ThreadCursor }) {
  const { threads, nextCursor } = await listThreads({ orgId, cursor });
  return <ThreadList threads={threads} nextCursor={nextCursor} paged={cursor !== undefined} />;
}

async function Contacts({ orgId }: { orgId: number }) {
  const { contacts, truncated } = await listContacts({ orgId });
  return <ContactList contacts={contacts} truncated={truncated} />;
}
