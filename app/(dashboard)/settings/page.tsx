import type { Metadata } from "next";
import { Badge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/app/_components/table";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { listBlocklist } from "@/lib/blocklist/list-blocklist";
import { getAppConfig } from "@/lib/config/get-app-config";
import { listProjects } from "@/lib/projects/list-projects";
import { DedupForm, RubricForm } from "./app-config-forms";
import { BlocklistDelete, BlocklistForm } from "./blocklist-form";
import { RunnersCard } from "./runners-card";
import { ExtensionCard } from "./extension-card";
import { listOfferedRunners } from "@/lib/runners/list-offered-runners";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";
import { isCloudEdition } from "@/lib/edition/edition";
import { getJobsOverview } from "@/lib/jobs/get-jobs-overview";
import { JobsCard } from "./jobs-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { orgId, role } = await getPageContext();
  const [config, blocklist, projects, { runners, signInFailures }, jobs] = await Promise.all([
    getAppConfig({ orgId }),
    listBlocklist({ orgId }),
    listProjects({ orgId }),
    listOfferedRunners({ orgId }),
    isCloudEdition() ? null : getJobsOverview(),
  ]);

  return (
    <>
      <PageHeader title="Settings" description="Organization-wide rules for drafting and sending." />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card title="Deduplication" description="Avoid contacting the same person twice within a window.">
          <DedupForm initial={config.dedup_policy} />
        </Card>
        <Card title="Quality rubric" description="How drafts are scored and when the inbox badge turns red or green.">
          <RubricForm initial={config.quality_rubric} />
        </Card>
      </div>

      <Card
        title="Blocklist"
        description="Users, communities and keywords that are never drafted for or sent to. Checked before drafting and again before sending."
        className="mt-6"
      >
        <div className="space-y-6">
          {blocklist.length === 0 ? (
            <EmptyState
              className="py-8"
              title="Nothing blocked"
              description="Add a user, community or keyword below to keep it out of every draft."
            />
          ) : (
            <Table label="Blocklist">
              <THead>
                <tr>
                  <Th>Type</Th>
                  <Th>Value</Th>
                  <Th>Scope</Th>
                  <Th>Reason</Th>
                  <Th className="text-right">
                    <span className="sr-only">Actions</span>
                  </Th>
                </tr>
              </THead>
              <TBody>
                {blocklist.map((b) => (
                  <Tr key={b.id}>
                    <Td>
                      <Badge tone={b.type === "keyword" ? "warning" : b.type === "community" ? "primary" : "neutral"}>{b.type}</Badge>
                    </Td>
                    <Td className="font-medium text-zinc-900 dark:text-zinc-100">{b.value}</Td>
                    <Td>{b.projectId === null ? "All projects" : (b.projectName ?? `Project #${b.projectId}`)}</Td>
                    <Td className="max-w-xs text-zinc-500 dark:text-zinc-400">
                      {b.reason || <span className="text-zinc-400 dark:text-zinc-500">—</span>}
                    </Td>
                    <Td className="text-right">
                      <BlocklistDelete id={b.id} label={`${b.type} ${b.value}`} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
          <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <h3 className="mb-3 text-sm font-semibold text-zinc-900 dark:text-zinc-100">Add entry</h3>
            <BlocklistForm projects={projects.map((p) => ({ id: p.id, name: p.name }))} />
          </div>
        </div>
      </Card>

      <RunnersCard
        runners={runners}
        signInFailures={signInFailures}
        canRedetect={hasRole(role, "admin")}
        cloudOnly={!localRunnersAllowed()}
        cloudEdition={isCloudEdition()}
      />
      <ExtensionCard />
      <Card
        title="Webhooks"
        description="Signed HTTP callbacks for runs, drafts to review and replies."
        actions={
          hasRole(role, "admin") ? (
            <LinkButton href="/settings/webhooks" variant="secondary" size="sm">
              Manage webhooks
            </LinkButton>
          ) : (
            <Badge>Admins only</Badge>
          )
        }
        className="mt-6"
      >
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every notification can also be POSTed to receivers of your own, signed with a per-endpoint secret (Standard Webhooks).
          Settings &gt; Webhooks holds the endpoints, their event filters and secrets, and a delivery log with Retry and Replay.
        </p>
      </Card>
      {/* The job engine is the operator's business: in the cloud edition it lives in the Operator area. */}
      {jobs ? <JobsCard overview={jobs} /> : null}
    </>
  );
}
