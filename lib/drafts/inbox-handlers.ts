// The inbox's two read routes, shared by their route files (development and tests) and the native path that serves
// them under `next start` (lib/http/serve-json-natively.ts). Each route file wraps the same answer with the same
// options, so both paths authorise, validate and refuse alike.
import type { z } from "zod";
import { withOrg } from "@/lib/http/with-org";
import { ZDraftFilter, ZListDraftsQuery } from "@/lib/drafts/schemas";
import { countDrafts } from "@/lib/drafts/count-drafts";
import { listDrafts } from "@/lib/drafts/list-drafts";

export const LIST_OPTIONS = { query: ZListDraftsQuery };
export const COUNT_OPTIONS = { query: ZDraftFilter };

/** GET /api/drafts: one page of the list. */
export async function answerListDrafts({ orgId, query }: { orgId: number; query: z.infer<typeof ZListDraftsQuery> }): Promise<Response> {
  return Response.json(await listDrafts({ orgId, query }));
}

/** GET /api/drafts/counts: the tab counts. */
export async function answerCountDrafts({ orgId, query }: { orgId: number; query: z.infer<typeof ZDraftFilter> }): Promise<Response> {
  return Response.json(await countDrafts({ orgId, filter: query }));
}

/** The routes' handlers as the native path calls them. */
export const handleListDrafts = withOrg(LIST_OPTIONS, answerListDrafts);
export const handleCountDrafts = withOrg(COUNT_OPTIONS, answerCountDrafts);
