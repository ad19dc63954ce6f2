/** An API failure carrying the HTTP status and the server's own `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: unknown;

  constructor(status: number, message: string, code: string | null, body: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

type ApiFetchInit = Omit<RequestInit, "body"> & { body?: unknown };

/**
 * fetch for the app's JSON API: encodes `body` as JSON, decodes the response, and on a non-2xx status throws an
 * ApiError whose message is the server's `message` (falling back to its `error` code, then the status).
 */
export async function apiFetch<T = unknown>(url: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(url, {
      ...rest,
      headers: {
        Accept: "application/json",
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch (err) {
    // The browser's own words ("Failed to fetch", "NetworkError when attempting…") say nothing to a person.
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.", "network", null);
  }

  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }

  if (!res.ok) {
    const obj = data && typeof data === "object" ? (data as Record<string, unknown>) : {};
    const code = typeof obj.error === "string" ? obj.error : null;
    const message =
      typeof obj.message === "string" && obj.message
        ? obj.message
        : code
          ? humanizeCode(code)
          : `Request failed (${res.status})`;
    throw new ApiError(res.status, message, code, data);
  }
  return data as T;
}

function humanizeCode(code: string): string {
  const s = code.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The message to show for anything a mutation threw. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return "Something went wrong. Please try again.";
}
