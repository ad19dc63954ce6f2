// Settings > Cloud runner (cloud edition, admins): the tokens that let a client, such as a self-hosted install,
// run agents on the cloud runner with the runs metered to this organization. docs/cloud-runner.md.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card } from "@/app/_components/card";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { isCloudEdition } from "@/lib/edition/edition";
import { readEnv } from "@/lib/env";
import { listCloudRunnerTokens } from "@/lib/cloud-runner-tokens/list-cloud-runner-tokens";
import { AdminOnlyNotice } from "../webhooks/_components/admin-only";
import { IssueToken } from "./issue-token";
import { TokenList } from "./token-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Self-hosted installs" };

export default async function CloudRunnerPage() {
  // Without a signing key the service issues no tokens: the section does not exist for customers.
  if (!isCloudEdition() || !readEnv().OUTREACH_CLOUD_SIGNING_KEY) notFound();
  const { orgId, role } = await getPageContext();
  if (!hasRole(role, "admin")) {
    return <AdminOnlyNotice section="Self-hosted installs" description="Tokens that let your own installs of the dashboard run their campaigns on this service's agent." reason="Tokens let other installs spend this organization's minutes, so only admins and owners issue or revoke them." />;
  }
  const env = readEnv();
  const tokens = await listCloudRunnerTokens({ orgId });

  return (
    <>
      <PageHeader
        title="Self-hosted installs"
        description="Only for teams that also run the dashboard on a server of their own: a token here lets that install run its campaigns on this service's agent in the cloud. Those runs count against this organization's plan, like runs started here. Nothing here is needed to use the dashboard on this site."
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <Card title={`Tokens (${tokens.filter((t) => t.state === "active").length} active)`} className="lg:col-span-3" flush>
          <TokenList tokens={tokens} />
        </Card>
        <Card title="Issue a token" description="The token is shown once. Revoking it stops every relay accepting it within a minute." className="lg:col-span-2">
          <IssueToken relayUrl={reachableRelayUrl(env.OUTREACH_CLOUD_RELAY_URL)} signingReady={Boolean(env.OUTREACH_CLOUD_SIGNING_KEY)} />
        </Card>
      </div>
    </>
  );
}

/** The relay's address as another install would use it: not when it is this machine's loopback (npm run cloud). */
function reachableRelayUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || host.startsWith("127.") ? null : url;
  } catch {
    return null;
  }
}
