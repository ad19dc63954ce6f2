import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

export const metadata: Metadata = { title: "Notifications" };

export default function NotificationsPage() {
  return (
    <>
      <PageHeader title="Notifications" description="Things that need your attention across projects." />
      <EmptyState
        title="You're all caught up"
        description="Notifications about new drafts, replies and failed runs will appear here."
      />
    </>
  );
}
