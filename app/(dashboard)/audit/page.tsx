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
const KEYS = ["view", "kind", "event", "draft", "run", "actor", "from", "to"] as const;

/** A datetime-local value (no zone) is read as UTC, like the filter's label says. */
const asUtc = (v: string) => (v && !/[zZ]|[+-]\d\d:\d\d$/.test(v) ? `${v}Z` : v);

/**
 * People first: without a choice, the page shows what people did to drafts, with each run as one row; a filter on a
 * run or on a run's event type asks for the run's own events, so it shows all events.
 */
function defaultView(values: AuditFilterValues): "decisions" | "all" {
  const runEvent = ["lifecycle", "tool_call", "tool_call_update", "message_chunk", "thought", "usage", "stderr"].includes(values.event);
  return values.run || runEvent || values.kind === "run" ? "all" : "decisions";
}

export default async function AuditPage({ searchParams }: PageProps) {
  const [sp, { orgId }] = await Promise.all([searchParams, getPageContext()]);
  const values = Object.fromEntries(KEYS.map((k) => [k, typeof sp[k] === "string" ? (sp[k] as string).trim() : ""])) as unknown as AuditFilterValues;
  const fallback = defaultView(values);
  if (values.view !== "decisions" && values.view !== "all") values.view = fallback;
  const apiParams = new URLSearchParams(
    KEYS.flatMap((k) => (values[k] ? [[k, k === "from" || k === "to" ? asUtc(values[k]) : values[k]] as [string, string]] : [])),
  );
  const parsed = ZAuditQuery.safeParse(Object.fromEntries(apiParams));
  const filtered = KEYS.some((k) => k !== "view" && values[k] !== "");
  return (
    <>
      <PageHeader
        title="Audit"
        description="Who approved, rejected, edited and sent which draft, newest first. Each run is one row: open it for its agent output, or show all events."
      />
      <AuditFilters values={values} defaults={{ view: fallback }} />
      {parsed.success ? (
        <AuditFeed
          key={apiParams.toString()}
          initial={await listAudit({ orgId, query: parsed.data })}
          query={apiParams.toString()}
          filtered={filtered}
          view={values.view as "decisions" | "all"}
        />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          {parsed.error.issues[0]?.message ?? "These filters cannot be read"}. Fix the filter above or clear it.
        </p>
      )}
    </>
  );
}
