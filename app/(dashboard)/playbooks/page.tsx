import { RelativeTime } from "@/app/_components/relative-time";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { BUILTIN_PLAYBOOKS } from "@/lib/playbooks/builtin-playbooks";
import { listPlaybooks } from "@/lib/playbooks/list-playbooks";
import { DuplicateButton } from "./_components/duplicate-button";
import { NewPlaybook } from "./_components/new-playbook";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playbooks" };

const linkClass = "font-medium text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400";

export default async function PlaybooksPage() {
  const { orgId } = await getPageContext();
  const all = await listPlaybooks({ orgId });
  // Built-ins in the order they ship (campaign skills first, then the background contracts).
  const order = new Map(BUILTIN_PLAYBOOKS.map((p, i) => [p.slug, i]));
  const builtins = all.filter((p) => p.isBuiltin).sort((a, b) => (order.get(a.slug) ?? 99) - (order.get(b.slug) ?? 99));
  const own = all.filter((p) => !p.isBuiltin);
  const purpose = new Map(BUILTIN_PLAYBOOKS.map((p) => [p.slug, p.purpose]));

  return (
    <>
      <PageHeader
        title="Playbooks"
        description="The Markdown instructions an agent follows. Every run keeps a copy of the playbook it started with, so editing one never changes past runs."
        actions={<NewPlaybook />}
      />

      <section aria-labelledby="own-playbooks" className="mb-8">
        <h2 id="own-playbooks" className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Your playbooks
        </h2>
        {own.length === 0 ? (
          <EmptyState
            title="No playbooks of your own yet"
            description="Duplicate a built-in playbook below to start from it, or create a blank one. A campaign uses the built-in playbook of its approach until you pick another on the campaign page."
          />
        ) : (
          <Table label="Your playbooks">
            <THead>
              <tr>
                <Th>Title</Th>
                <Th>Slug</Th>
                <Th className="w-[40%]">Starts with</Th>
                <Th>Campaigns</Th>
                <Th>Updated</Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {own.map((p) => (
                <Tr key={p.id}>
                  <Td>
                    <Link href={`/playbooks/${p.id}`} className={linkClass}>
                      {p.title}
                    </Link>
                  </Td>
                  <Td className="font-mono text-xs">{p.slug}</Td>
                  <Td className="text-zinc-500 dark:text-zinc-400">{p.excerpt || <span className="italic">Empty</span>}</Td>
                  <Td>{p.campaignCount > 0 ? p.campaignCount : <span className="text-zinc-500 dark:text-zinc-400">None</span>}</Td>
                  <Td className="whitespace-nowrap"><RelativeTime at={p.updatedAt} /></Td>
                  <Td className="text-right whitespace-nowrap">
                    <DuplicateButton id={p.id} title={p.title} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="builtin-playbooks">
        <h2 id="builtin-playbooks" className="mb-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Built-in playbooks
        </h2>
        <p className="mb-3 text-sm text-zinc-500 dark:text-zinc-400">
          Shipped with the app and updated with it. They are read-only: duplicate one to change it.
        </p>
        {builtins.length === 0 ? (
          <Card>
            <p className="text-sm text-zinc-500 dark:text-zinc-400">The built-in playbooks have not been installed for this organization yet; restart the app to install them.</p>
          </Card>
        ) : (
          <Table label="Built-in playbooks">
            <THead>
              <tr>
                <Th>Title</Th>
                <Th>Slug</Th>
                <Th className="w-[45%]">Purpose</Th>
                <Th>
                  <span className="sr-only">Kind</span>
                </Th>
                <Th className="text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </THead>
            <TBody>
              {builtins.map((p) => (
                <Tr key={p.id}>
                  <Td>
                    <Link href={`/playbooks/${p.id}`} className={linkClass}>
                      {p.title}
                    </Link>
                  </Td>
                  <Td className="font-mono text-xs">{p.slug}</Td>
                  <Td className="text-zinc-500 dark:text-zinc-400">{purpose.get(p.slug) ?? p.excerpt}</Td>
                  <Td>
                    <Badge tone="primary" title="Read-only: duplicate it to make your own">
                      Built-in
                    </Badge>
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    <DuplicateButton id={p.id} title={p.title} />
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>
    </>
  );
}
