import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

export const metadata: Metadata = { title: "People" };

export default function PeoplePage() {
  return (
    <>
      <PageHeader title="People" description="Everyone you have contacted, and the conversations that followed." />
      <EmptyState
        title="No contacts yet"
        description="Once a draft is sent, the person appears here with their contact history, and replies show up as threads."
      />
    </>
  );
}
