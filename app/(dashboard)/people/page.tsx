import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/app/_components/button";
import { PageHeader } from "@/app/_components/page-header";
import { ChatSyncBanner } from "@/app/_components/chat-sync-banner";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { Tabs } from "@/app/_components/tabs";
import { getPageContext } from "@/lib/auth/page-context";
import { countPeople } from "@/lib/conversations/count-people";
import { decodeThreadCursor, listThreads, type ThreadCursor, type ThreadFilter, type ThreadKindFilter, type ThreadSort } from "@/lib/conversations/list-threads";
import { REPLY_INTENTS, type ReplyIntent } from "@/lib/replies/reply-intent";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { CONTACTS_PAGE, decodeContactCursor, listContacts, type ContactCursor } from "@/lib/conversations/list-contacts";
import { ContactList } from "./contact-list";
import { ThreadList } from "./thread-list";
import { ContactFilters, ThreadFilters } from "./people-filters";

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
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
  // Unknown values read as "all": an old or hand-edited link still shows something.
  const filter: ThreadFilter = (["replied", "awaiting"] as const).find((f) => f === query.filter) ?? "all";
  const kind: ThreadKindFilter = (["dm", "post_comment"] as const).find((k) => k === query.kind) ?? "all";
  const sort: ThreadSort = query.sort === "intent" ? "intent" : "recent";
  const intent: ReplyIntent | "" = REPLY_INTENTS.find((i) => i === query.intent) ?? "";
  const platform = (PLATFORMS as readonly string[]).includes(one(query.platform)) ? one(query.platform) : "";
  const q = one(query.q).trim().slice(0, 200);
  const counts = await countPeople({ orgId });

  return (
    <>
      <PageHeader
        title="People"
        description="Everyone you have contacted, and the conversations that followed."
        actions={
          <Link href="/people/privacy" className={buttonClasses("secondary", "sm")}>
            Data requests
          </Link>
        }
      />
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
      {tab === "threads" ? (
        <>
          <ThreadFilters filter={filter} kind={kind} q={q} sort={sort} intent={intent} />
          <Threads orgId={orgId} cursor={cursor} filter={filter} kind={kind} q={q} sort={sort} intent={intent} />
        </>
      ) : (
        <>
          <ContactFilters platform={platform} q={q} />
          <Contacts orgId={orgId} platform={platform} q={q} cursor={typeof query.cursor === "string" ? decodeContactCursor(query.cursor) ?? undefined : undefined} />
        </>
      )}
    </>
  );
}

async function Threads(
  { orgId, cursor, filter, kind, q, sort, intent }: { orgId: number; cursor?: ThreadCursor; filter: ThreadFilter; kind: ThreadKindFilter; q: string; sort: ThreadSort; intent: ReplyIntent | "" },
) {
  const { threads, nextCursor } = await listThreads({ orgId, cursor, filter, kind, q: q || undefined, sort, intent: intent || undefined });
  return <ThreadList threads={threads} nextCursor={nextCursor} paged={cursor !== undefined} filters={{ filter, kind, q, sort, intent }} />;
}

async function Contacts({ orgId, platform, q, cursor }: { orgId: number; platform: string; q: string; cursor?: ContactCursor }) {
  const { contacts, nextCursor } = await listContacts({ orgId, platform: platform || undefined, q: q || undefined, cursor, limit: CONTACTS_PAGE });
  return <ContactList contacts={contacts} nextCursor={nextCursor} paged={cursor !== undefined} filters={{ platform, q }} />;
}
