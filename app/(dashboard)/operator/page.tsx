// The Operator area: the machinery of the service for the people who run it (lib/operators/is-operator.ts). Customers
// of the cloud edition never see it (the page is a 404 to them, as the API is).
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { isOperator } from "@/lib/operators/is-operator";
import { getServiceStatus } from "@/lib/operators/get-service-status";
import { lastHostRunnerInventory } from "@/lib/operators/probe-host-runners";
import { unsafeListOrganizationsForOperator } from "@/lib/operators/list-organizations-for-operator";
import { JobsCard } from "../settings/jobs-card";
import { ServiceChecks } from "./service-checks";
import { HostRunners } from "./host-runners";
import { OperatorOrganizations } from "./operator-organizations";
import { OperatingCard } from "./operating-card";
import { getOperatingSummary } from "@/lib/operators/get-operating-summary";
import { getBackupsOverview } from "@/lib/backup/get-backups-overview";
import { BackupsCard } from "./backups-card";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Operator" };

export default async function OperatorPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const caller = await getPageContext();
  if (!(await isOperator(caller))) notFound();
  const q = (await searchParams).q?.trim().slice(0, 120) || undefined;
  const [status, organizations, operating, backups] = await Promise.all([
    getServiceStatus(),
    unsafeListOrganizationsForOperator({ q }),
    getOperatingSummary(),
    getBackupsOverview(),
  ]);
  return (
    <>
      <PageHeader
        title="Operator"
        description={`The service's machinery, for the people who run it (${status.edition === "cloud" ? "cloud edition" : "self-hosted"}). Customers never see this page.`}
        actions={
          <Link href="/operator/manual" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Operator&apos;s manual
          </Link>
        }
      />
      <ServiceChecks checks={status.checks} />
      <OperatingCard summary={operating} />
      <BackupsCard overview={backups} />
      <JobsCard overview={status.jobs} />
      <HostRunners initial={lastHostRunnerInventory()} />
      <OperatorOrganizations data={organizations} q={q ?? ""} />
    </>
  );
}
