import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge, CampaignStateBadge } from "@/app/_components/badge";
import { Card } from "@/app/_components/card";
import { formatDateTime } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { getCampaignOrThrow } from "@/lib/campaigns/get-campaign";
import { CampaignDelete } from "./campaign-delete";
import { CampaignEditForm } from "./campaign-edit-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campaign" };

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2.5 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 text-zinc-900 dark:text-zinc-100">{children}</dd>
    </div>
  );
}

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id: rawId }, { orgId }] = await Promise.all([params, getPageContext()]);
  const id = parseIdOr404(rawId);
  const c = await orNotFound(getCampaignOrThrow({ orgId, id }));
  const configText = JSON.stringify(c.config ?? {}, null, 2);

  return (
    <>
      <PageHeader
        eyebrow={
          <>
            <Link href="/campaigns" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              Campaigns
            </Link>
            <span aria-hidden="true"> / </span>
            <Link href={`/projects/${c.projectId}?tab=campaigns`} className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
              {c.projectName}
            </Link>
          </>
        }
        title={
          <>
            {c.name}
            <CampaignStateBadge state={c.state} />
          </>
        }
        description={`Created ${formatDateTime(c.createdAt)} · updated ${formatDateTime(c.updatedAt)}`}
      />

      <div className="grid gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-2">
          <Card title="Details">
            <dl className="-my-2.5 divide-y divide-zinc-100 dark:divide-zinc-800">
              <Detail label="Project">
                <Link href={`/projects/${c.projectId}`} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                  {c.projectName}
                </Link>
              </Detail>
              <Detail label="Platform">
                <span className="capitalize">{c.platform}</span>
              </Detail>
              <Detail label="Skill">
                <code className="font-mono text-xs">{c.skill}</code>
              </Detail>
              <Detail label="Runner">
                <code className="font-mono text-xs">{c.runner}</code>
                <span className="ml-2 text-xs text-zinc-500 dark:text-zinc-400">snapshotted at creation</span>
              </Detail>
              <Detail label="Schedule">
                {c.cron ? <code className="font-mono text-xs">{c.cron}</code> : <span className="text-zinc-500 dark:text-zinc-400">Manual only</span>}
              </Detail>
              <Detail label="Auto-post">
                {c.autoPost ? <Badge tone="primary">On</Badge> : <span className="text-zinc-500 dark:text-zinc-400">Off</span>}
              </Detail>
            </dl>
          </Card>

          <Card title="Config" description="The skill settings the playbook receives.">
            <pre className="max-h-96 overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed text-zinc-800 dark:bg-zinc-950 dark:text-zinc-200">
              {configText}
            </pre>
          </Card>
        </div>

        <div className="space-y-6 lg:col-span-3">
          <Card title="Edit campaign">
            <CampaignEditForm
              campaign={{
                id: c.id,
                name: c.name,
                platform: c.platform,
                cron: c.cron,
                autoPost: c.autoPost,
                state: c.state,
                configText,
              }}
            />
          </Card>
          <Card title="Danger zone" description="Deleting a campaign cannot be undone.">
            <CampaignDelete campaignId={c.id} name={c.name} />
          </Card>
        </div>
      </div>
    </>
  );
}
