import type { Metadata } from "next";
import Link from "next/link";
import { Badge, CampaignStateBadge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { EmptyState } from "@/app/_components/empty-state";
import { formatDate } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { Tabs } from "@/app/_components/tabs";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { getPageContext } from "@/lib/auth/page-context";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { listTemplates } from "@/lib/templates/list-templates";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { AccountForm } from "./account-form";
import { AccountRowActions } from "./account-row-actions";
import { InsightsPanel } from "./insights-panel";
import { ProjectAbout } from "./project-about";
import { ProjectHeader } from "./project-header";
import { TemplateForm } from "./template-form";
import { TemplateItem } from "./template-item";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Project" };

type Tab = "accounts" | "templates" | "campaigns" | "insights";
const TABS: Tab[] = ["accounts", "templates", "campaigns", "insights"];

type PageProps = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ProjectPage({ params, searchParams }: PageProps) {
  const [{ id: rawId }, sp, { orgId }] = await Promise.all([params, searchParams, getPageContext()]);
  const id = parseIdOr404(rawId);
  const project = await orNotFound(getProjectOrThrow({ orgId, id }));
  const tab: Tab = TABS.includes(sp.tab as Tab) ? (sp.tab as Tab) : "accounts";
  const showArchived = sp.archived === "1";
  const base = `/projects/${project.id}`;
  const [extraction, insights] = await Promise.all([
    findLiveProjectRun({ orgId, projectId: project.id, kind: "project_extraction" }),
    findLiveProjectRun({ orgId, projectId: project.id, kind: "project_insights" }),
  ]);

  return (
    <>
      <ProjectHeader
        project={{
          id: project.id,
          name: project.name,
          description: project.description ?? "",
          sourcePath: project.sourcePath ?? null,
          createdLabel: formatDate(project.createdAt),
        }}
      />
      {/* Its runs (Regenerate now, Auto-extract) and its description updates re-render the page. While one of them is
          live, the page also re-reads itself once its stream is up: a run that ended between this render and the
          stream's connection (a reload just then) sent its run:finished to nobody. */}
      <RefreshOnStream runs projects projectId={project.id} pending={extraction !== null || insights !== null} />
      <ProjectAbout
        projectId={project.id}
        description={project.description ?? ""}
        sourcePath={project.sourcePath ?? null}
        liveExtractionRunId={extraction?.id ?? null}
      />
      <Tabs
        label="Project sections"
        active={tab}
        items={[
          { key: "accounts", label: "Accounts", href: `${base}?tab=accounts` },
          { key: "templates", label: "Templates", href: `${base}?tab=templates` },
          { key: "campaigns", label: "Campaigns", href: `${base}?tab=campaigns` },
          { key: "insights", label: "Insights", href: `${base}?tab=insights` },
        ]}
      />
      {tab === "accounts" ? <AccountsPanel orgId={orgId} projectId={project.id} /> : null}
      {tab === "templates" ? <TemplatesPanel orgId={orgId} projectId={project.id} showArchived={showArchived} /> : null}
      {tab === "campaigns" ? <CampaignsPanel orgId={orgId} projectId={project.id} /> : null}
      {tab === "insights" ? <InsightsPanel orgId={orgId} projectId={project.id} /> : null}
    </>
  );
}

async function AccountsPanel({ orgId, projectId }: { orgId: number; projectId: number }) {
  const accounts = await listAccounts({ orgId, projectId });
  return (
    <div className="space-y-8">
      {accounts.length === 0 ? (
        <EmptyState
          title="No accounts yet"
          description="Add the platform identity this project sends outreach from. Campaigns need at least one account."
        />
      ) : (
        <Table label="Accounts">
          <THead>
            <tr>
              <Th>Platform</Th>
              <Th>Handle</Th>
              <Th>Display name</Th>
              <Th>Credentials</Th>
              <Th>Added</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {accounts.map((a) => (
              <Tr key={a.id}>
                <Td className="capitalize">{a.platform}</Td>
                <Td>
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{a.platformId}</span>
                  {a.isDefault ? (
                    <Badge tone="primary" className="ml-2">
                      Default
                    </Badge>
                  ) : null}
                </Td>
                <Td>{a.displayName || <span className="text-zinc-400 dark:text-zinc-500">—</span>}</Td>
                <Td>
                  {a.hasCredentials ? <Badge tone="success">Stored</Badge> : <Badge tone="neutral">None</Badge>}
                </Td>
                <Td className="whitespace-nowrap text-zinc-500 dark:text-zinc-400">{formatDate(a.createdAt)}</Td>
                <Td className="text-right">
                  <AccountRowActions accountId={a.id} handle={a.platformId} isDefault={a.isDefault} />
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      <Card title="Add account" description="One default account per platform is offered to playbooks first." className="max-w-2xl">
        <AccountForm projectId={projectId} platforms={PLATFORMS} />
      </Card>
    </div>
  );
}

async function TemplatesPanel({ orgId, projectId, showArchived }: { orgId: number; projectId: number; showArchived: boolean }) {
  const templates = await listTemplates({ orgId, projectId, includeArchived: showArchived });
  const toggleHref = `/projects/${projectId}?tab=templates${showArchived ? "" : "&archived=1"}`;
  return (
    <div className="space-y-8">
      <Card
        title="Templates"
        description="Few-shot examples that anchor the voice of drafts for this project."
        flush
        actions={
          <Link
            href={toggleHref}
            role="switch"
            aria-checked={showArchived}
            className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <span
              aria-hidden="true"
              className={`relative inline-block h-4 w-7 rounded-full transition-colors ${showArchived ? "bg-indigo-600 dark:bg-indigo-500" : "bg-zinc-300 dark:bg-zinc-600"}`}
            >
              <span
                className={`absolute top-0.5 size-3 rounded-full bg-white transition-all ${showArchived ? "left-3.5" : "left-0.5"}`}
              />
            </span>
            Show archived
          </Link>
        }
      >
        {templates.length === 0 ? (
          <div className="p-5">
            <EmptyState
              className="border-0 bg-transparent py-8 dark:bg-transparent"
              title={showArchived ? "No templates" : "No active templates"}
              description="Add an example DM, comment or post below so drafts sound like you."
            />
          </div>
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {templates.map((t) => (
              <TemplateItem
                key={t.id}
                projectId={projectId}
                template={{
                  id: t.id,
                  kind: t.kind,
                  title: t.title,
                  body: t.body,
                  isActive: t.isActive,
                  createdLabel: formatDate(t.createdAt),
                }}
              />
            ))}
          </ul>
        )}
      </Card>
      <Card title="New template" className="max-w-2xl">
        <TemplateForm projectId={projectId} />
      </Card>
    </div>
  );
}

async function CampaignsPanel({ orgId, projectId }: { orgId: number; projectId: number }) {
  const campaigns = await listCampaigns({ orgId, projectId });
  const newHref = `/campaigns/new?projectId=${projectId}`;
  if (campaigns.length === 0) {
    return (
      <EmptyState
        title="No campaigns for this project"
        description="A campaign picks a platform, a skill and a runner, and optionally runs on a schedule."
        action={<LinkButton href={newHref}>New campaign</LinkButton>}
      />
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <LinkButton href={newHref}>New campaign</LinkButton>
      </div>
      <Table label="Campaigns">
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Platform</Th>
            <Th>Skill</Th>
            <Th>Schedule</Th>
            <Th>State</Th>
          </tr>
        </THead>
        <TBody>
          {campaigns.map((c) => (
            <Tr key={c.id}>
              <Td className="font-medium">
                <Link href={`/campaigns/${c.id}`} className="text-zinc-900 hover:text-indigo-600 hover:underline dark:text-zinc-100 dark:hover:text-indigo-400">
                  {c.name}
                </Link>
              </Td>
              <Td className="capitalize">{c.platform}</Td>
              <Td className="font-mono text-xs">{c.skill}</Td>
              <Td className="font-mono text-xs">{c.cron ?? <span className="font-sans text-zinc-400 dark:text-zinc-500">Manual</span>}</Td>
              <Td>
                <CampaignStateBadge state={c.state} />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
