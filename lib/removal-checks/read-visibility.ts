// The platform reads of a removal check, as a visitor who is not signed in: no token, no cookie, the guarded
// outbound client (lib/platforms/fetch-platform-json.ts). An answer that says nothing about the post (a timeout, a 5xx,
// a 429) throws an UpstreamError; the caller keeps the last verdict and tries again later.
import { z } from "zod";
import type { DraftVisibility } from "@/lib/generated/prisma/enums";
import { platformBaseUrl } from "@/lib/platforms/config";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { classifyFederatedAnswer, classifyForumFailure, classifyForumThing } from "@/lib/removal-checks/classify-visibility";

const ZInfo = z.object({
  kind: z.literal("Listing"),
  data: z.object({ children: z.array(z.object({ kind: z.string(), data: z.record(z.string(), z.unknown()) })) }),
});

/** `/api/info.json?id=<fullname>`: the thing as the public sees it; nothing at all when its community is private. */
export async function readForumVisibility(fullname: string): Promise<DraftVisibility> {
  const url = `${platformBaseUrl("forum")}/api/info.json?id=${encodeURIComponent(fullname)}&raw_json=1`;
  let body: unknown;
  try {
    body = await fetchPlatformJson({ platform: "forum", url });
  } catch (err) {
    const verdict = err instanceof UpstreamError ? classifyForumFailure(err.upstreamStatus) : null;
    if (verdict) return verdict;
    throw err;
  }
  const parsed = ZInfo.safeParse(body);
  if (!parsed.success) throw new UpstreamError("forum", "forum answered /api/info.json with an unexpected shape");
  const id = fullname.slice(3);
  const child = parsed.data.data.children.find((c) => c.data.name === fullname || c.data.id === id);
  return child ? classifyForumThing(child.kind, child.data) : "not_visible";
}

/** `GET /api/v1/statuses/:id` on the account's instance, without the account's token. */
export async function readFederatedVisibility(baseUrl: string, statusId: string): Promise<DraftVisibility> {
  try {
    const body = await fetchPlatformJson<{ visibility?: unknown }>({ platform: "federated", url: `${baseUrl}/api/v1/statuses/${encodeURIComponent(statusId)}` });
    return classifyFederatedAnswer({ status: 200, visibility: typeof body?.visibility === "string" ? body.visibility : null })!;
  } catch (err) {
    const verdict = err instanceof UpstreamError && err.upstreamStatus !== null ? classifyFederatedAnswer({ status: err.upstreamStatus }) : null;
    if (verdict) return verdict;
    throw err;
  }
}
