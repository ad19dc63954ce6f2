// Opaque keyset cursors for the inbox: the last row's sort key, base64url-encoded.
import { AppError } from "@/lib/http/errors";

export interface DraftCursor {
  id: number;
  /** COALESCE(quality_score, -1) of the last row, for the quality sorts. */
  q: number;
}

export function encodeDraftCursor(cursor: DraftCursor): string {
  return Buffer.from(JSON.stringify([cursor.id, cursor.q])).toString("base64url");
}

export function decodeDraftCursor(raw: string): DraftCursor {
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n)) && value[0] > 0 && value[1] >= -1 && value[1] <= 100) {
      return { id: value[0], q: value[1] };
    }
  } catch {}
  throw new AppError("bad_request", "Invalid cursor: pass the nextCursor of the previous page");
}
