import type { Metadata } from "next";
import { EmptyState } from "@/app/_components/empty-state";
import { PageHeader } from "@/app/_components/page-header";

export const metadata: Metadata = { title: "Audit" };

export default function AuditPage() {
  return (
    <>
      <PageHeader title="Audit" description="A newest-first feed of draft and run events, with who did what." />
      <EmptyState
        title="No events yet"
        description="Approvals, rejections, sends and run output will be recorded here as campaigns run and drafts are reviewed."
      />
    </>
  );
}
