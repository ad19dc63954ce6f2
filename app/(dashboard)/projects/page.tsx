import { RelativeTime } from "@/app/_components/relative-time";
import type { Metadata } from "next";
import Link from "next/link";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { excerpt, plainText } from "@/app/_components/format";
import { PageHeader } from "@/app/_components/page-header";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { listProjects } from "@/lib/projects/list-projects";
import { configuredSourceRoots, folderSourcesOffered } from "@/lib/sources/folder-source";
import { getStorageUsage } from "@/lib/sources/get-storage-usage";
import { ProjectForm } from "./project-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const { orgId } = await getPageContext();
  const [projects, usage] = await Promise.all([listProjects({ orgId }), getStorageUsage({ orgId })]);
  const storage = { usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes };

  return (
    <>
      <PageHeader
        title="Projects"
        description="Each project is a product, brand or initiative with its own accounts, example messages and campaigns."
        actions={<LinkButton href="#new-project">New project</LinkButton>}
      />
      {/* Counts and descriptions change under runs (extraction rewrites the description). */}
      <RefreshOnStream runs projects />

      {projects.length === 0 ? (
        <EmptyState
          title="No projects yet"
          description="Create your first project below, then add an account and a campaign to it."
        />
      ) : (
        <Table label="Projects">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Description</Th>
              <Th className="text-right">Accounts</Th>
              <Th className="text-right">Campaigns</Th>
              <Th>Created</Th>
            </tr>
          </THead>
          <TBody>
            {projects.map((p) => (
              <Tr key={p.id}>
                <Td className="font-medium">
                  <Link href={`/projects/${p.id}`} className="text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400">
                    {p.name}
                  </Link>
                </Td>
                <Td className="max-w-md text-zinc-500 dark:text-zinc-400">
                  {p.description ? <span title={plainText(p.description)}>{excerpt(plainText(p.description), 90)}</span> : <span aria-label="No description">—</span>}
                </Td>
                <Td className="text-right tabular-nums">{p.accountCount}</Td>
                <Td className="text-right tabular-nums">{p.campaignCount}</Td>
                <Td className="whitespace-nowrap text-zinc-500 dark:text-zinc-400"><RelativeTime at={p.createdAt} /></Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}

      <div id="new-project" className="mt-8 max-w-xl scroll-mt-8">
        <Card title="New project" description="Only the name is required; you can edit everything later.">
          <ProjectForm mode="create" folderRoots={folderSourcesOffered() ? configuredSourceRoots() : null} storage={storage} />
        </Card>
      </div>
    </>
  );
}
