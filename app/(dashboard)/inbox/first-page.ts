// The inbox's first page, read while the server renders /inbox so the rows arrive in the same response as the page.
// It reads the URL as the client does (the same filter helpers, the campaign's quality default) and runs the same
// listDrafts as GET /api/drafts with the same validation, so the first page is exactly what the client would fetch.
import { compactDraftView } from "@/lib/drafts/compact-draft-view";
import { listDrafts } from "@/lib/drafts/list-drafts";
import { ZListDraftsQuery } from "@/lib/drafts/schemas";
import { log } from "@/lib/log/logger";
import { apiQuery, readFilters, withCampaignQualityDefault } from "./_components/filters";
import type { InitialDraftPage } from "./_components/use-draft-list";

export type PageSearchParams = Record<string, string | string[] | undefined>;

/** The page's search params as the browser's URLSearchParams holds them (a repeated key keeps every value, in order). */
export function toUrlSearchParams(raw: PageSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

/**
 * The first page for this URL, or null when the client should fetch it itself: a URL GET /api/drafts would refuse
 * (the client shows that refusal, with Retry) or a failed read (the client's request reports it the usual way).
 */
export async function readFirstInboxPage({ orgId, params, qualityDefaults }: { orgId: number; params: URLSearchParams; qualityDefaults: Record<number, number> }): Promise<InitialDraftPage | null> {
  const query = apiQuery(withCampaignQualityDefault(readFilters(params), qualityDefaults));
  const parsed = ZListDraftsQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return null;
  const renderedAt = Date.now();
  try {
    const page = await listDrafts({ orgId, query: parsed.data });
    // Compact: the rows are in the page's HTML already; their props need not spell out every empty field.
    return { query, drafts: page.drafts.map(compactDraftView), nextCursor: page.nextCursor, renderedAt };
  } catch (err) {
    log.warn("inbox: the first page could not be read on the server; the browser asks for it", { orgId, error: (err as Error).message });
    return null;
  }
}
