// Per-key rate limiting: a token bucket kept on the key's row, so every instance draws from the same bucket. Each
// request takes one token; tokens come back at OUTREACH_API_RATE_PER_MINUTE / 60 a second, up to that many (the
// burst). One UPDATE refills and takes in a single statement, so concurrent requests cannot overdraw it.
import { getPool } from "@/lib/db/client";
import { readEnv } from "@/lib/env";

export function apiRateLimit(): { burst: number; perSecond: number } {
  const perMinute = readEnv().OUTREACH_API_RATE_PER_MINUTE;
  return { burst: perMinute, perSecond: perMinute / 60 };
}

/** Takes a token from the key's bucket; null when it is empty, else nothing. Returns seconds to wait when refused. */
export async function takeApiKeyToken(keyId: number): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const { burst, perSecond } = apiRateLimit();
  const { rows } = await getPool().query<{ ok: boolean; level: number }>(
    `WITH k AS (
       SELECT id, LEAST($2::float8, bucket_tokens + EXTRACT(EPOCH FROM clock_timestamp() - bucket_at) * $3::float8) AS level
         FROM api_keys WHERE id = $1 FOR UPDATE
     ), taken AS (
       UPDATE api_keys a SET bucket_tokens = k.level - 1, bucket_at = clock_timestamp(),
              last_used_at = CASE WHEN a.last_used_at IS NULL OR a.last_used_at < clock_timestamp() - interval '1 minute' THEN clock_timestamp() ELSE a.last_used_at END
         FROM k WHERE a.id = k.id AND k.level >= 1
       RETURNING a.id
     )
     SELECT EXISTS (SELECT 1 FROM taken) AS ok, (SELECT level FROM k) AS level`,
    [keyId, burst, perSecond],
  );
  const row = rows[0];
  if (!row || row.ok) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(row.level)) / perSecond)) };
}
