import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/app/_components/page-header";
import { Card } from "@/app/_components/card";
import { Badge } from "@/app/_components/badge";
import { buttonClasses } from "@/app/_components/button";
import { formatDateTime } from "@/app/_components/format";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { canonicalHandle } from "@/lib/contacts/canonical-handle";
import { exportPersonData, type PersonExport } from "@/lib/privacy/export-person-data";
import { listErasures, type ErasureView } from "@/lib/privacy/list-erasures";
import { describeErasure } from "@/lib/privacy/describe-erasure";
import { ErasePersonForm } from "./erase-person-form";
import { PersonLookup } from "./person-lookup";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Data requests" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A person's data request (docs/privacy.md): look a person up by platform and handle, see what is held about them,
 * download it for them (JSON, or a page they can read) and, for an admin, erase it. Without a person: the lookup and
 * the record of past erasures.
 */
export default async function DataRequestsPage({ searchParams }: PageProps) {
  const [query, caller] = await Promise.all([searchParams, getPageContext()]);
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");
  const platform = (PLATFORMS as readonly string[]).includes(one(query.platform)) ? one(query.platform) : "forum";
  const handle = canonicalHandle(one(query.handle).slice(0, 200));
  const admin = hasRole(caller.role, "admin");
  const back = (
    <Link href="/people?tab=contacts" className="hover:underline">
      People
    </Link>
  );

  if (!handle) {
    const erasures = await listErasures({ orgId: caller.orgId });
    return (
      <>
        <PageHeader eyebrow={back} title="Data requests" description="When someone asks what you hold about them, or asks to be forgotten: look them up by their handle." />
        <div className="space-y-6">
          <Card title="Find a person">
            <PersonLookup platform={platform} handle="" />
          </Card>
          <Erasures erasures={erasures} />
        </div>
      </>
    );
  }

  const data = await exportPersonData({ orgId: caller.orgId, platform, handle });
  const params = new URLSearchParams({ platform, handle });
  return (
    <>
      <PageHeader
        eyebrow={
          <>
            {back} / <Link href="/people/privacy" className="hover:underline">Data requests</Link>
          </>
        }
        title={
          <>
            <span className="min-w-0 break-all">{handle}</span>
            <Badge>{platform}</Badge>
            {data.suppressed ? <Badge tone="danger">Erased</Badge> : null}
          </>
        }
        description="Everything this organization holds about this person, across all projects."
        actions={
          <>
            <a href={`/api/people/export?${params}&format=html`} target="_blank" rel="noopener" className={buttonClasses("secondary", "sm")}>
              Open readable copy
            </a>
            <a href={`/api/people/export?${params}`} download className={buttonClasses("secondary", "sm")} data-testid="person-export-json">
              Download JSON
            </a>
          </>
        }
      />
      <div className="space-y-6">
        <Held data={data} />
        <Card
          title="Erase this person"
          description="Deletes their messages, every draft to them, the conversations and their contact history, and removes their handle and words from run logs and notifications. It cannot be undone."
        >
          {admin ? (
            <ErasePersonForm platform={platform} handle={handle} suppressed={data.suppressed} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-300">Only an admin of the organization can erase a person. Send them the download above, or ask an admin.</p>
          )}
        </Card>
      </div>
    </>
  );
}

function Held({ data }: { data: PersonExport }) {
  const messages = data.threads.reduce((n, t) => n + t.messages.length, 0) + data.otherMessages.length;
  const rows: Array<[string, string]> = [
    ["Contact history", data.contactHistory.length === 0 ? "None" : `First contacted ${formatDateTime(data.contactHistory[0]!.firstContactedAt)}`],
    ["Conversations", `${data.threads.length} ${data.threads.length === 1 ? "conversation" : "conversations"}, ${messages} ${messages === 1 ? "message" : "messages"}`],
    ["Messages written to them", `${data.drafts.length} ${data.drafts.length === 1 ? "draft" : "drafts"} (any state)`],
    ["Asked not to be contacted", data.optOut.optedOut ? `Yes, since ${formatDateTime(data.optOut.since!)}` : "No"],
    ["Found while researching", `${data.researchCandidates.length}`],
    ["On the blocklist", data.blocklist.length > 0 ? "Yes" : "No"],
  ];
  return (
    <Card title="What is held">
      {data.suppressed ? (
        <p role="status" className="mb-3 rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
          This person’s data was erased. Only a one-way fingerprint of their handle is kept, so that no draft is written or sent to them again.
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[14rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-zinc-700 dark:text-zinc-300">{term}</dt>
            <dd className="text-zinc-900 dark:text-zinc-100">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Erasures({ erasures }: { erasures: ErasureView[] }) {
  return (
    <Card title="Erasures" description="Each erasure is recorded with who made it and how much went, never with who was erased." flush>
      {erasures.length === 0 ? (
        <p className="px-5 py-4 text-sm text-zinc-600 dark:text-zinc-300">No one has been erased.</p>
      ) : (
        <Table label="Erasures">
          <THead>
            <tr>
              <Th>When</Th>
              <Th>By</Th>
              <Th>Removed</Th>
            </tr>
          </THead>
          <TBody>
            {erasures.map((e) => (
              <Tr key={e.id}>
                <Td className="whitespace-nowrap">{formatDateTime(e.at)}</Td>
                <Td>{e.by ?? "—"}</Td>
                <Td>{describeErasure(e.counts)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
