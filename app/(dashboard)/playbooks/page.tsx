import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

export const metadata: Metadata = { title: "Playbooks" };

export default function PlaybooksPage() {
  return (
    <>
      <PageHeader title="Playbooks" description="The Markdown instructions an agent runner follows for each skill." />
      <EmptyState
        title="Playbooks are not available yet"
        description="The built-in playbooks will be listed here, read-only, with the option to duplicate one and write your own."
      />
    </>
  );
}
