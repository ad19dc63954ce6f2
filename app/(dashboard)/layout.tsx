import type { ReactNode } from "react";
import { EventStreamProvider } from "@/app/_components/event-stream";
import { Sidebar } from "@/app/_components/sidebar";
import { getPageContext } from "@/lib/auth/page-context";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const ctx = await getPageContext();
  return (
    // One live stream per tab for every dashboard page (and the sidebar's status line).
    <EventStreamProvider>
      <div className="flex min-h-screen">
        <Sidebar orgName={ctx.orgName} username={ctx.username} authEnabled={ctx.authEnabled} />
        <main id="main" className="min-w-0 flex-1">
          <div className="mx-auto max-w-[1200px] px-8 py-8 xl:px-10">{children}</div>
        </main>
      </div>
    </EventStreamProvider>
  );
}
