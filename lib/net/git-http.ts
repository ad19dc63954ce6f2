// isomorphic-git's `http` plugin built on the guarded client, so a clone of a repository a tenant named connects only
// where the guard allows (lib/net/guarded-request.ts): every request (the ref advertisement, the pack) and every
// redirect is judged, all of them share one deadline, and the pack is cut off past a size cap.
import type { GitHttpRequest, GitHttpResponse, HttpClient } from "isomorphic-git";
import { guardedRequest, type DestinationPolicy } from "@/lib/net/guarded-request";
import { GuardedRequestError } from "@/lib/net/net-error";

/** A git client's request bodies are want/have lists: a shallow clone's is a few KB. */
const MAX_REQUEST_BYTES = 1024 * 1024;
/** Hosts move repositories (a renamed owner, http to https); more hops than this is a loop. */
const MAX_REDIRECTS = 3;

export interface GuardedGitHttpOptions {
  policy: DestinationPolicy;
  /** Epoch ms by which every request of the clone must have finished. */
  deadline: number;
  /** The most one answer (the pack) may hold. */
  maxResponseBytes: number;
}

export function guardedGitHttp({ policy, deadline, maxResponseBytes }: GuardedGitHttpOptions): HttpClient {
  return {
    async request({ url, method = "GET", headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      const payload = body ? await collect(body) : undefined;
      const timeoutMs = deadline - Date.now();
      if (timeoutMs <= 0) throw new GuardedRequestError("timeout", "the clone ran out of time");
      const res = await guardedRequest({ url, method, headers, body: payload, policy, timeoutMs, maxRedirects: MAX_REDIRECTS });
      return {
        url: res.url.href,
        method,
        statusCode: res.status,
        statusMessage: "",
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v ?? "")])),
        body: res.stream(maxResponseBytes) as AsyncIterableIterator<Uint8Array>,
      };
    },
  };
}

async function collect(body: AsyncIterableIterator<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_REQUEST_BYTES) throw new GuardedRequestError("too_large", "the git request grew larger than expected");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
