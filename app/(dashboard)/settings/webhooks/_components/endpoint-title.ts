/** How a person names an endpoint: its description, or else the host it posts to (never its id). */
export function endpointTitle(endpoint: { description: string | null; url: string }): string {
  const description = endpoint.description?.trim();
  if (description) return description;
  try {
    return new URL(endpoint.url).host;
  } catch {
    return endpoint.url;
  }
}
