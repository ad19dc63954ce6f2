// Settings > Webhooks (admins): the organization's endpoints with their secrets' state and delivery counts, and a
// form to add one. docs/webhooks.md describes what receivers get. Members see why they cannot manage them.
import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/app/_components/card";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { hasRole } from "@/lib/auth/resolve-session-caller";
import { listEndpoints } from "@/lib/webhooks/list-endpoints";
import { AdminOnlyNotice } from "./_components/admin-only";
import { toEndpointItem } from "./_components/webhook-items";
import { AddEndpoint } from "./add-endpoint";
import { EndpointCard } from "./endpoint-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { orgId, role } = await getPageContext();
  if (!hasRole(role, "admin")) return <AdminOnlyNotice />;
  const endpoints = (await listEndpoints({ orgId })).map(toEndpointItem);

  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/settings" className="hover:text-zinc-800 hover:underline dark:hover:text-zinc-200">
            Settings
          </Link>
        }
        title="Webhooks"
        description="Every notification (runs that succeeded or failed, drafts to review, replies) is also POSTed, signed, to these endpoints. Receivers verify the signature with the endpoint's whsec_ secret (Standard Webhooks)."
      />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <section aria-labelledby="endpoints-heading" className="space-y-4 lg:col-span-3">
          <h2 id="endpoints-heading" className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            Endpoints <span className="font-normal text-zinc-500 dark:text-zinc-400">({endpoints.length})</span>
          </h2>
          {endpoints.length === 0 ? (
            <EmptyState
              title="No endpoints yet"
              description="Add the URL of a receiver to have notifications POSTed to it as they happen. Nothing is sent until you do."
              icon={
                <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-5" aria-hidden="true">
                  <path d="M8 12a3 3 0 0 1 0-4.2l2-2a3 3 0 0 1 4.2 4.2l-1 1M12 8a3 3 0 0 1 0 4.2l-2 2A3 3 0 0 1 5.8 10l1-1" strokeLinecap="round" />
                </svg>
              }
            />
          ) : (
            endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} />)
          )}
        </section>

        <Card
          title="Add endpoint"
          description="Each endpoint gets its own signing secret, shown once when it is made."
          className="lg:sticky lg:top-6 lg:col-span-2"
        >
          <AddEndpoint />
        </Card>
      </div>
    </>
  );
}
