// Settings > API keys (admins): keys for scripts and external agents, for the JSON API and the remote MCP server
// (docs/public-api.md). A key acts in this organization as read-only or as a member, never as an admin.
import type { Metadata } from "next";
import { Card } from "@/app/_components/card";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { apiRateLimit } from "@/lib/api-keys/rate-limit";
import { AdminOnlyNotice } from "../webhooks/_components/admin-only";
import { CreateApiKey } from "./create-api-key";
import { ApiKeyList } from "./api-key-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { orgId, role } = await getPageContext();
  if (!hasRole(role, "admin")) {
    return <AdminOnlyNotice section="API keys" description="Keys for scripts and external agents." reason="A key can read and change the organization's drafts without anyone signed in, so only admins and owners make or revoke them." />;
  }
  const keys = await listApiKeys({ orgId });
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Scripts and agents call the JSON API and the MCP server at <code className="font-mono text-xs">/api/mcp/public</code> with{" "}
            <code className="font-mono text-xs">Authorization: Bearer oak_…</code>. Each key may make {apiRateLimit().burst} requests a minute. The{" "}
            <a href="/api/docs" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              API reference
            </a>{" "}
            lists every operation. A key stops working when the person who made it leaves the organization or is removed.
          </>
        }
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <Card title={`Keys (${keys.filter((k) => k.state === "active").length} active)`} className="lg:col-span-3" flush>
          <ApiKeyList keys={keys} />
        </Card>
        <Card title="Create a key" description="The key is shown once; only its prefix is kept in view." className="lg:col-span-2">
          <CreateApiKey />
        </Card>
      </div>
    </>
  );
}
