import type { Metadata } from "next";
import { Suspense } from "react";
import { getPageContext } from "@/lib/auth/page-context";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { getAppConfig } from "@/lib/config/get-app-config";
import { platformOrigins } from "@/lib/env";
import { listProjects } from "@/lib/projects/list-projects";
import { Inbox } from "./_components/inbox";
import { InboxLoading } from "./_components/inbox-empty";
import { ChatSyncBanner } from "@/app/_components/chat-sync-banner";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inbox" };

// The server supplies what changes rarely (thresholds, filter options, the forum's origin); the draft rows
// themselves are fetched by the client from GET /api/drafts so filtering and paging stay on one code path.
export default async function InboxPage() {
  const { orgId } = await getPageContext();
  const [config, campaigns, projects] = await Promise.all([
    getAppConfig({ orgId }),
    listCampaigns({ orgId }),
    listProjects({ orgId }),
  ]);
  const { threshold_red, threshold_green } = config.quality_rubric;

  return (
    // useSearchParams needs a Suspense boundary above it.
    <Suspense fallback={<InboxLoading />}>
      <ChatSyncBanner orgId={orgId} />
      <Inbox
        thresholds={{ red: threshold_red, green: threshold_green }}
        forumOrigin={platformOrigins()[0] ?? null}
        campaigns={campaigns.map((c) => ({ id: c.id, name: c.name, projectId: c.projectId }))}
        projects={projects.map((p) => ({ id: p.id, name: p.name }))}
        platforms={PLATFORMS}
      />
    </Suspense>
  );
}
