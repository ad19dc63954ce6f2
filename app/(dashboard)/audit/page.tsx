import type { Metadata } from "next";
import { PageHeader } from "@/app/_components/page-header";
import { getPageContext } from "@/lib/auth/page-context";
import { listAudit } from "@/lib/audit/list-audit";
import { ZAuditQuery } from "@/lib/audit/schemas";
import { AuditFeed } from "./audit-feed";
import { AuditFilters, type AuditFilterValues } from "./audit-filters";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit" };

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };
const KEYS = ["kind", "event", "draft", "run", "actor", "from", "to"] as const;

/** A datetime-local value (no zone) is read as UTC, like every time the dashboard shows. */
const asUtc = (v: string) => (v && !/[zZ]|[+-]\d\d:\d\d$/.test(v) ? `${v}Z` : v);

export default async function AuditPage({ searchParams }: PageProps) {
  const [sp, { orgId }] = await Promise.all([searchParams, getPageContext()]);
  const values = Object.fromEntries(KEYS.map((k) => [k, typeof sp[k] === "string" ? (sp[k] as string).trim() : ""])) as unknown as AuditFilterValues;
  const apiParams = new URLSearchParams(
    KEYS.flatMap((k) => (values[k] ? [[k, k === "from" || k === "to" ? asUtc(values[k]) : values[k]] as [string, string]] : [])),
  );
  const parsed = ZAuditQuery.safeParse(Object.fromEntries(apiParams));
  return (
    <>
      <PageHeader title="Audit" description="Every draft decision and every run event, newest first, with who did what." />
      <AuditFilters values={values} />
      {parsed.success ? (
        <AuditFeed
          key={apiParams.toString()}
          initial={await listAudit({ orgId, query: parsed.data })}
          query={apiParams.toString()}
          filtered={apiParams.size > 0}
        />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          {parsed.error.issues[0]?.message ?? "These filters cannot be read"}. Fix the filter above or clear it.
        </p>
      )}
    </>
  );
}
