// Settings > General, in groups a person looks for: the rules every draft is checked against, the agents that write
// them, the browser extension, webhooks, and (on a self-hosted install, whose user is its operator) the install's
// background jobs. In the cloud edition the Agents group shows the customer's agent, model and minutes; the host's
// CLIs, their commands and Re-detect are the operator's (the Operator area). docs/using-the-dashboard.md, "Settings".
import type { Metadata } from "next";
import { Badge } from "@/app/_components/badge";
import { LinkButton } from "@/app/_components/button";
import { Card } from "@/app/_components/card";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { billingSettings } from "@/lib/billing/billing-settings";
import { getCloudAllowance } from "@/lib/billing/get-cloud-allowance";
import { listBlocklist } from "@/lib/blocklist/list-blocklist";
import { getAppConfig } from "@/lib/config/get-app-config";
import { isCloudEdition } from "@/lib/edition/edition";
import { getJobsOverview } from "@/lib/jobs/get-jobs-overview";
import { listProjects } from "@/lib/projects/list-projects";
import { getRetention } from "@/lib/privacy/retention";
import { listOfferedRunners } from "@/lib/runners/list-offered-runners";
import { localRunnersAllowed } from "@/lib/runners/runner-policy";
import { CloudAgentCard } from "./cloud-agent-card";
import { ExtensionCard } from "./extension-card";
import { JobsCard } from "./jobs-card";
import { RetentionCard } from "./retention-card";
import { ReviewRules } from "./review-rules";
import { RunnersCard } from "./runners-card";
import { SettingsGroup, SettingsGroupNav } from "./settings-group";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const { orgId, role } = await getPageContext();
  const cloud = isCloudEdition();
  const admin = hasRole(role, "admin");
  const [config, blocklist, projects, { runners, signInFailures }, jobs, allowance, retention] = await Promise.all([
    getAppConfig({ orgId }),
    listBlocklist({ orgId }),
    listProjects({ orgId }),
    listOfferedRunners({ orgId }),
    cloud ? null : getJobsOverview(),
    cloud && billingSettings() ? getCloudAllowance({ orgId }) : null,
    getRetention({ orgId }),
  ]);
  const groups = [
    { id: "review-rules", label: "Review rules" },
    { id: "agents", label: "Agents" },
    { id: "browser-extension-group", label: "Browser extension" },
    { id: "webhooks", label: "Webhooks" },
    { id: "privacy", label: "Privacy" },
    ...(jobs ? [{ id: "this-install", label: "Background jobs" }] : []),
  ];

  return (
    <>
      <PageHeader title="Settings" description="Organization-wide rules for drafting and sending, the agents that draft, and how drafts reach you." />
      <SettingsGroupNav groups={groups} />
      <div className="space-y-12">
        <SettingsGroup id="review-rules" title="Review rules" description="What every draft is checked against before it reaches the inbox, and again before it is sent.">
          <ReviewRules config={config} blocklist={blocklist} projects={projects.map((p) => ({ id: p.id, name: p.name }))} />
        </SettingsGroup>

        <SettingsGroup
          id="agents"
          title="Agents"
          description={cloud ? "The agent your campaigns run on, its model, and the minutes your plan includes." : "The agents this install can run campaigns on, and whether each is ready."}
        >
          {cloud ? (
            <CloudAgentCard cloud={runners.find((r) => r.slug === "cloud")} allowance={allowance} planHref="/settings/billing" />
          ) : null}
          {/* Host inventory (commands, Re-detect) is shown where the reader runs the host: self-hosted installs. */}
          {!cloud || localRunnersAllowed() ? (
            <RunnersCard
              runners={cloud ? runners.filter((r) => r.slug !== "cloud") : runners}
              signInFailures={signInFailures}
              canRedetect={!cloud && admin}
              cloudOnly={!localRunnersAllowed()}
              cloudEdition={cloud}
            />
          ) : null}
        </SettingsGroup>

        <SettingsGroup id="browser-extension-group" title="Browser extension">
          <ExtensionCard />
        </SettingsGroup>

        <SettingsGroup id="webhooks" title="Webhooks">
          <Card
            title="Webhooks"
            description="Signed HTTP callbacks for drafts waiting, runs that stopped, replies and removals."
            actions={
              admin ? (
                <LinkButton href="/settings/webhooks" variant="secondary" size="sm">
                  Manage webhooks
                </LinkButton>
              ) : (
                <Badge>Admins only</Badge>
              )
            }
          >
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Every notification can also be POSTed to receivers of your own, signed with a per-endpoint secret (Standard Webhooks).
              Settings &gt; Webhooks holds the endpoints, their event filters and secrets, and a delivery log with Retry and Replay.
            </p>
          </Card>
        </SettingsGroup>

        <SettingsGroup id="privacy" title="Privacy" description="How long what people wrote to you is kept. A person's own request to see or erase their data is answered from People > Data requests.">
          <RetentionCard retention={retention} canEdit={admin} />
        </SettingsGroup>

        {/* The job engine is the operator's business: in the cloud edition it lives in the Operator area. */}
        {jobs ? (
          <SettingsGroup id="this-install" title="Background jobs">
            <JobsCard overview={jobs} />
          </SettingsGroup>
        ) : null}
      </div>
    </>
  );
}
