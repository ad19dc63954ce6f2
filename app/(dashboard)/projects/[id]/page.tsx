import type { Metadata } from "next";
import Link from "next/link";
import { Badge, CampaignStateBadge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { RefreshOnStream } from "@/app/_components/refresh-on-stream";
import { EmptyState } from "@/app/_components/empty-state";
import { RelativeTime } from "@/app/_components/relative-time";
import { PhoneSwitch } from "@/app/_components/phone-switch";
import { cx } from "@/app/_components/cx";
import { formatDate } from "@/app/_components/format";
import { orNotFound, parseIdOr404 } from "@/app/_components/not-found-guard";
import { Tabs } from "@/app/_components/tabs";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { getPageContext } from "@/lib/auth/page-context";
import { PLATFORMS, platformLabel, skillLabel } from "@/lib/campaigns/catalog";
import { ScheduleWords } from "../../campaigns/_components/schedule-words";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { getProjectOrThrow } from "@/lib/projects/get-project";
import { listTemplates } from "@/lib/templates/list-templates";
import { findLiveProjectRun } from "@/lib/insights/find-live-project-run";
import { configuredSourceRoots, folderSourcesOffered } from "@/lib/sources/folder-source";
import { getStorageUsage } from "@/lib/sources/get-storage-usage";
import { AccountCredentials } from "./account-credentials";
import { AccountForm } from "./account-form";
import { AccountRowActions } from "./account-row-actions";
import { AccountHealthCard } from "./account-health";
import { SendingPolicyForm } from "./sending-policy-form";
import { getSendingStatuses } from "@/lib/sending/sending-status";
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
  const [extraction, insights, storage] = await Promise.all([
    findLiveProjectRun({ orgId, projectId: project.id, kind: "project_extraction" }),
    findLiveProjectRun({ orgId, projectId: project.id, kind: "project_insights" }),
    getStorageUsage({ orgId }),
  ]);

  return (
    <>
      <ProjectHeader
        project={{
          id: project.id,
          name: project.name,
          description: project.description ?? "",
          website: project.website ?? null,
          source: project.source,
          createdLabel: formatDate(project.createdAt),
        }}
        folderRoots={folderSourcesOffered() ? configuredSourceRoots() : null}
        storage={{ usedBytes: storage.usedBytes, quotaBytes: storage.quotaBytes }}
      />
      {/* Its runs (Regenerate now, Auto-extract) and its description updates re-render the page. While one of them is
          live, the page also re-reads itself once its stream is up: a run that ended between this render and the
          stream's connection (a reload just then) sent its run:finished to nobody. */}
      <RefreshOnStream runs projects projectId={project.id} pending={extraction !== null || insights !== null} />
      <ProjectAbout
        projectId={project.id}
        description={project.description ?? ""}
        source={project.source}
        liveExtractionRunId={extraction?.id ?? null}
        storage={{ usedBytes: storage.usedBytes, quotaBytes: storage.quotaBytes }}
      />
      <Tabs
        label="Project sections"
        active={tab}
        items={[
          { key: "accounts", label: "Accounts", href: `${base}?tab=accounts` },
          { key: "templates", label: "Example messages", href: `${base}?tab=templates` },
          { key: "campaigns", label: "Campaigns", href: `${base}?tab=campaigns` },
          { key: "insights", label: "Insights", href: `${base}?tab=insights` },
        ]}
      />
      {tab === "accounts" ? <AccountsPanel orgId={orgId} projectId={project.id} focus={Number(sp.account) || null} /> : null}
      {tab === "templates" ? <TemplatesPanel orgId={orgId} projectId={project.id} showArchived={showArchived} /> : null}
      {tab === "campaigns" ? <CampaignsPanel orgId={orgId} projectId={project.id} /> : null}
      {tab === "insights" ? <InsightsPanel orgId={orgId} projectId={project.id} /> : null}
    </>
  );
}

async function AccountsPanel({ orgId, projectId, focus }: { orgId: number; projectId: number; focus: number | null }) {
  const accounts = await listAccounts({ orgId, projectId });
  const statuses = await getSendingStatuses({ orgId, accountIds: accounts.map((a) => a.id) });
  return (
    <div className="space-y-8">
      {accounts.length === 0 ? (
        <EmptyState
          title="No accounts yet"
          description="Add the platform identity this project sends outreach from. Campaigns need at least one account."
        />
      ) : (
        <PhoneSwitch
          cards={
            <ul aria-label="Accounts" className="space-y-2">
              {accounts.map((a) => (
                <li
                  key={a.id}
                  id={`account-${a.id}`}
                  data-account-state={a.state}
                  className={cx(
                    "scroll-mt-20 rounded-lg border border-zinc-200 bg-white px-4 py-3 shadow-xs dark:border-zinc-800 dark:bg-zinc-900",
                    focus === a.id && "ring-2 ring-amber-400",
                  )}
                >
                  <div className="flex items-start justify-between gap-3">
                    <span className="min-w-0 font-medium break-all text-zinc-900 dark:text-zinc-100">{a.platformId}</span>
                    <span className="shrink-0 text-xs text-zinc-500 capitalize dark:text-zinc-400">{a.platform}</span>
                  </div>
                  {a.displayName ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{a.displayName}</p> : null}
                  <div className="mt-2">
                    <AccountStateCell account={a} />
                  </div>
                  <div className="mt-3 flex flex-wrap items-start gap-2">
                    <AccountCredentials
                      accountId={a.id}
                      handle={a.platformId}
                      platform={a.platform}
                      label={credentialsLabel(a)}
                      openOnArrival={focus === a.id && a.state === "failed"}
                    />
                    <AccountRowActions accountId={a.id} handle={a.platformId} isDefault={a.isDefault} />
                  </div>
                </li>
              ))}
            </ul>
          }
          table={
        <Table label="Accounts">
          <THead>
            <tr>
              <Th>Platform</Th>
              <Th>Handle</Th>
              <Th>Display name</Th>
              <Th>Sign-in</Th>
              <Th>Added</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </THead>
          <TBody>
            {accounts.map((a) => (
              <Tr
                key={a.id}
                id={`account-${a.id}`}
                data-account-state={a.state}
                className={cx("scroll-mt-24", focus === a.id && "bg-amber-50/70 dark:bg-amber-500/10")}
              >
                <Td className="capitalize">{a.platform}</Td>
                <Td>
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{a.platformId}</span>
                  {a.isDefault ? (
                    <Badge tone="primary" className="ml-2">
                      Default
                    </Badge>
                  ) : null}
                </Td>
                <Td>{a.displayName || <span className="text-zinc-500 dark:text-zinc-400">—</span>}</Td>
                <Td className="max-w-xs">
                  <AccountStateCell account={a} />
                </Td>
                <Td className="whitespace-nowrap text-zinc-500 dark:text-zinc-400">
                  <RelativeTime at={a.createdAt} />
                </Td>
                <Td className="text-right">
                  <div className="flex items-start justify-end gap-2">
                    <AccountCredentials
                      accountId={a.id}
                      handle={a.platformId}
                      platform={a.platform}
                      label={credentialsLabel(a)}
                      openOnArrival={focus === a.id && a.state === "failed"}
                    />
                    <AccountRowActions accountId={a.id} handle={a.platformId} isDefault={a.isDefault} />
                  </div>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
          }
        />
      )}
      <AccountHealthCard orgId={orgId} projectId={projectId} />
      {accounts.length > 0 ? (
        <Card
          title="Sending limits"
          description="Every send from an account counts: drafts marked sent by hand or by the extension, and automatic posts. A draft that would go over a limit is held with the time it may go."
        >
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {accounts.map((a) => {
              const st = statuses.get(a.id);
              if (!st) return null;
              return (
                <li key={a.id} className="space-y-2 py-4 first:pt-0 last:pb-0" data-testid={`sending-${a.id}`}>
                  <p className="text-sm">
                    <span className="font-medium text-zinc-900 dark:text-zinc-100">{a.platformId}</span>{" "}
                    <span className="text-zinc-500 capitalize dark:text-zinc-400">({a.platform})</span>
                  </p>
                  <p className="text-sm text-zinc-800 dark:text-zinc-200" data-testid={`sending-words-${a.id}`}>
                    {st.words}
                  </p>
                  <p className="text-xs text-zinc-500 dark:text-zinc-400">
                    {st.policyWords} {Object.keys(st.overrides).length > 0 ? "Set for this account." : `The ${a.platform} defaults.`}
                  </p>
                  <SendingPolicyForm accountId={a.id} policy={st.policy} hasOverrides={Object.keys(st.overrides).length > 0} />
                </li>
              );
            })}
          </ul>
        </Card>
      ) : null}
      <Card title="Add account" description="One default account per platform is offered to playbooks first." className="max-w-2xl">
        <AccountForm projectId={projectId} platforms={PLATFORMS} />
      </Card>
    </div>
  );
}

/** What the credentials button offers: a refused sign-in is reconnected, stored credentials updated, none added. */
function credentialsLabel(a: { state: string; hasCredentials: boolean }): string {
  return a.state === "failed" ? "Reconnect" : a.hasCredentials ? "Update credentials" : "Add credentials";
}

/** Where the account's credentials stand, as the platform last judged them. */
function AccountStateCell({ account: a }: { account: Awaited<ReturnType<typeof listAccounts>>[number] }) {
  const note = "mt-1 text-xs text-zinc-500 dark:text-zinc-400";
  switch (a.state) {
    case "none":
      return <Badge tone="neutral">No credentials</Badge>;
    case "stored":
      return (
        <>
          <Badge tone="neutral">Stored</Badge>
          <p className={note}>Not used yet</p>
        </>
      );
    case "working":
      return (
        <>
          <Badge tone="success">Working</Badge>
          <p className={note}>
            Last used <RelativeTime at={a.lastUsedAt!} />
          </p>
        </>
      );
    case "failed":
      return (
        <>
          <Badge tone="danger">Sign-in failed</Badge>
          <p className="mt-1 text-xs break-words text-red-700 dark:text-red-300">
            <RelativeTime at={a.lastFailedAt!} />
            {a.lastFailureReason ? `: ${a.lastFailureReason}` : null}
          </p>
        </>
      );
  }
}

async function TemplatesPanel({ orgId, projectId, showArchived }: { orgId: number; projectId: number; showArchived: boolean }) {
  const templates = await listTemplates({ orgId, projectId, includeArchived: showArchived });
  const toggleHref = `/projects/${projectId}?tab=templates${showArchived ? "" : "&archived=1"}`;
  return (
    <div className="space-y-8">
      <Card
        title="Example messages"
        description="Messages written the way you want this project to sound: the agent reads them before drafting."
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
              title={showArchived ? "No example messages" : "No example messages in use"}
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
      <Card title="New example message" className="max-w-2xl">
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
        description="A campaign picks a platform, what the agent drafts there, and when it runs."
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
            <Th>Approach</Th>
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
              <Td>{platformLabel(c.platform)}</Td>
              <Td>{skillLabel(c.skill)}</Td>
              <Td>
                <ScheduleWords cron={c.cron} className={c.cron ? undefined : "text-zinc-500 dark:text-zinc-400"} />
              </Td>
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
