import type { Metadata } from "next";
import { LinkButton } from "@/app/_components/button";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxPage() {
  return (
    <>
      <PageHeader title="Inbox" description="Review, edit and approve the agent's drafts before they are sent." />
      <EmptyState
        title="No drafts to review"
        description="Drafts waiting for review appear here once a campaign has run."
        action={<LinkButton href="/campaigns" variant="secondary">Go to campaigns</LinkButton>}
      />
    </>
  );
}
