import { buttonClasses } from "./button";

type Props = {
  resource: "drafts" | "contacts" | "conversations";
  /** The page's current filters, as the export route takes them. */
  query: URLSearchParams | Record<string, string | null | undefined>;
  className?: string;
};

/** "Export CSV": downloads what the page shows (its filters), through GET /api/export/[resource]. */
export function ExportLink({ resource, query, className }: Props) {
  const params = query instanceof URLSearchParams ? new URLSearchParams(query) : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  params.set("format", "csv");
  return (
    <a href={`/api/export/${resource}?${params.toString()}`} download className={buttonClasses("secondary", "sm", className)} data-testid={`export-${resource}`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path d="M8 2v8m0 0L5 7m3 3 3-3M3 12.5h10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Export CSV
    </a>
  );
}
