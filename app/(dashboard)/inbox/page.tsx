import type { Metadata } from "next";
import { getPageContext } from "@/lib/auth/page-context";
import { PLATFORMS } from "@/lib/campaigns/catalog";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { getAppConfig } from "@/lib/config/get-app-config";
import { platformOrigins } from "@/lib/env";
import { listProjects } from "@/lib/projects/list-projects";
import { listInboxQualityDefaults } from "@/lib/outcomes/list-inbox-quality-defaults";
import { Inbox } from "./_components/inbox";
import { ChatSyncBanner } from "@/app/_components/chat-sync-banner";
import { readFirstInboxPage, toUrlSearchParams, type PageSearchParams } from "./first-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Inbox" };

// The server supplies what changes rarely (thresholds, filter options, the forum's origin) and the first page of
// drafts for the URL, so the rows are in the first response (docs/performance.md "Time to first draft"). Paging,
// filter changes, live updates and actions then go through GET /api/drafts from the client, as before.
export default async function InboxPage({ searchParams }: { searchParams: Promise<PageSearchParams> }) {
  const [{ orgId }, raw] = await Promise.all([getPageContext(), searchParams]);
  const defaults = listInboxQualityDefaults({ orgId });
  const [config, campaigns, projects, qualityDefaults, firstPage] = await Promise.all([
    getAppConfig({ orgId }),
    listCampaigns({ orgId }),
    listProjects({ orgId }),
    defaults,
    // The campaign's quality default decides the first page's minQuality, as it does on the client.
    defaults.then((qd) => readFirstInboxPage({ orgId, params: toUrlSearchParams(raw), qualityDefaults: qd })),
  ]);
  const { threshold_red, threshold_green } = config.quality_rubric;

  return (
    <>
      <ChatSyncBanner orgId={orgId} />
      {/* No Suspense boundary around the list (useSearchParams asks for one only on a statically prerendered page; this
          one is dynamic): under one, React put the rows behind a "Loading drafts" fallback in a later chunk of the
          response, shown only once a script swapped them in. They belong in the first one. */}
      <Inbox
        thresholds={{ red: threshold_red, green: threshold_green }}
        forumOrigin={platformOrigins()[0] ?? null}
        campaigns={campaigns.map((c) => ({ id: c.id, name: c.name, projectId: c.projectId }))}
        projects={projects.map((p) => ({ id: p.id, name: p.name }))}
        platforms={PLATFORMS}
        qualityDefaults={qualityDefaults}
        firstPage={firstPage}
      />
    </>
  );
}
