/**
 * The host an endpoint posts to. Settings shows this and the webhook id, never the whole URL: SPEC's `webhook_id`
 * exists "so the URL is not exposed in logs or UI" (a receiver's URL often carries its own token in the path or
 * query). The whole URL is shown only on an explicit Reveal.
 */
export function endpointHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

/** How a person names an endpoint: its description, or else the host it posts to (never its id). */
export function endpointTitle(endpoint: { description: string | null; url: string }): string {
  return endpoint.description?.trim() || endpointHost(endpoint.url);
}
