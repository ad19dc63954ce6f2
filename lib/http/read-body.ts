// Reads a request body with a ceiling, counting bytes as they arrive, so a caller cannot make the server buffer (and
// then parse) a body of any size before anyone has checked who they are. A Content-Length above the ceiling is
// refused before a byte is read.
import { AppError } from "@/lib/http/errors";

/** The default ceiling for a JSON body: far above any form or API call the app takes, far below a memory problem. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export function bodyTooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body is larger than ${formatBytes(limit)}`, { limit_bytes: limit });
}

/** The body as bytes, or a 413 once it passes `limit`. */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw bodyTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export async function readBodyText(req: Request, limit: number = MAX_JSON_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, limit));
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}
