import type { Metadata } from "next";
import Link from "next/link";
import { Badge, CampaignStateBadge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaigns" };

export default async function CampaignsPage() {
  const { orgId } = await getPageContext();
  const campaigns = await listCampaigns({ orgId });

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Each campaign scopes an outreach intent: platform, skill, agent runner and schedule."
        actions={<LinkButton href="/campaigns/new">New campaign</LinkButton>}
      />
      {campaigns.length === 0 ? (
        <EmptyState
          title="No campaigns yet"
          description="Create a campaign to tell the agent where to look and what kind of outreach to draft."
          action={<LinkButton href="/campaigns/new">New campaign</LinkButton>}
        />
      ) : (
        <Table label="Campaigns">
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Project</Th>
              <Th>Platform</Th>
              <Th>Skill</Th>
              <Th>Runner</Th>
              <Th>Schedule</Th>
              <Th>State</Th>
              <Th>Auto-post</Th>
            </tr>
          </THead>
          <TBody>
            {campaigns.map((c) => (
              <Tr key={c.id}>
                <Td className="font-medium">
                  <Link
                    href={`/campaigns/${c.id}`}
                    className="text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400"
                  >
                    {c.name}
                  </Link>
                </Td>
                <Td>
                  <Link href={`/projects/${c.projectId}`} className="hover:text-indigo-600 hover:underline dark:hover:text-indigo-400">
                    {c.projectName}
                  </Link>
                </Td>
                <Td className="capitalize">{c.platform}</Td>
                <Td className="font-mono text-xs">{c.skill}</Td>
                <Td className="font-mono text-xs">{c.runner}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">
                  {c.cron ?? <span className="font-sans text-zinc-400 dark:text-zinc-500">Manual</span>}
                </Td>
                <Td>
                  <CampaignStateBadge state={c.state} />
                </Td>
                <Td>{c.autoPost ? <Badge tone="primary">On</Badge> : <span className="text-zinc-400 dark:text-zinc-500">Off</span>}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </>
  );
}
