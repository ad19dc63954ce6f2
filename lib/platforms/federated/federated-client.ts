// Client of a federated instance (Mastodon's REST API): hashtag timelines, status lookup by URL, and posting.
import { z } from "zod";
import { AppError } from "@/lib/http/errors";
import { fetchPlatformJson } from "@/lib/platforms/fetch-platform-json";
import { UpstreamError } from "@/lib/platforms/upstream-error";
import { ZStatus, type FederatedStatus } from "@/lib/platforms/federated/federated-shapes";

export interface FederatedInstance {
  /** e.g. https://social.example, no trailing slash. */
  baseUrl: string;
  /** The account's access token; timelines are read with it when there is one (some instances require it). */
  accessToken: string | null;
}

function authHeaders(instance: FederatedInstance): Record<string, string> {
  return instance.accessToken ? { Authorization: `Bearer ${instance.accessToken}` } : {};
}

/** The newest public statuses carrying a hashtag (without its #). Malformed statuses are skipped. */
export async function getTagTimeline(instance: FederatedInstance, { hashtag, limit }: { hashtag: string; limit: number }): Promise<FederatedStatus[]> {
  const url = `${instance.baseUrl}/api/v1/timelines/tag/${encodeURIComponent(hashtag)}?limit=${limit}`;
  const body = await fetchPlatformJson({ platform: "federated", url, headers: authHeaders(instance) });
  if (!Array.isArray(body)) throw new UpstreamError("federated", `federated answered /api/v1/timelines/tag/${hashtag} with an unexpected shape`);
  return body.flatMap((s) => {
    const parsed = ZStatus.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The id this instance knows a status by. Statuses are addressed by local ids: a status of another server has a
 * different id here, so a URL that is not this instance's own is resolved through search (`resolve=true` fetches it).
 */
export async function resolveStatusId(instance: FederatedInstance, statusUrl: string): Promise<string | null> {
  const own = ownStatusId(instance, statusUrl);
  if (own) return own;
  const params = new URLSearchParams({ q: statusUrl, type: "statuses", resolve: "true", limit: "1" });
  const body = await fetchPlatformJson({ platform: "federated", url: `${instance.baseUrl}/api/v2/search?${params}`, headers: authHeaders(instance) });
  const parsed = z.object({ statuses: z.array(z.object({ id: z.string() })) }).safeParse(body);
  if (!parsed.success) throw new UpstreamError("federated", "federated answered /api/v2/search with an unexpected shape");
  return parsed.data.statuses[0]?.id ?? null;
}

/** `https://host/@user/123` or `https://host/users/user/statuses/123` on the instance itself. */
function ownStatusId(instance: FederatedInstance, statusUrl: string): string | null {
  let target: URL;
  try {
    target = new URL(statusUrl);
  } catch {
    return null;
  }
  if (target.origin !== new URL(instance.baseUrl).origin) return null;
  const m = /^\/(?:@[^/]+|users\/[^/]+\/statuses)\/(\d+)\/?$/.exec(target.pathname);
  return m?.[1] ?? null;
}

export type Visibility = "public" | "unlisted" | "private" | "direct";

export interface PostStatusInput {
  status: string;
  visibility: Visibility;
  inReplyToId?: string | null;
  /** The instance answers a repeated key with the status it already created instead of posting again. */
  idempotencyKey: string;
}

export async function postStatus(instance: FederatedInstance, input: PostStatusInput): Promise<{ id: string; url: string | null; uri: string | null }> {
  if (!instance.accessToken) throw new AppError("unprocessable", "The account has no access token to post with");
  const body = await fetchPlatformJson({
    platform: "federated",
    method: "POST",
    url: `${instance.baseUrl}/api/v1/statuses`,
    headers: { ...authHeaders(instance), "Idempotency-Key": input.idempotencyKey },
    json: {
      status: input.status,
      visibility: input.visibility,
      ...(input.inReplyToId ? { in_reply_to_id: input.inReplyToId } : {}),
    },
  });
  const parsed = z.object({ id: z.string(), url: z.string().nullish(), uri: z.string().nullish() }).safeParse(body);
  if (!parsed.success) throw new UpstreamError("federated", "federated answered /api/v1/statuses with an unexpected shape");
  return { id: parsed.data.id, url: parsed.data.url ?? null, uri: parsed.data.uri ?? null };
}
