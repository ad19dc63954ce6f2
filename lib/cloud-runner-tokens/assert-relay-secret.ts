// A relay's usage report carries `Authorization: Bearer <OUTREACH_RELAY_REPORT_SECRET>`. The two are compared as
// SHA-256 digests (always 32 bytes each), so neither the secret's length nor a non-ASCII bearer whose UTF-16 length
// matches but whose byte length does not can throw or leak through timing.
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/http/errors";
import { readEnv } from "@/lib/env";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function assertRelaySecret(authorization: string | null): void {
  const secret = readEnv().OUTREACH_RELAY_REPORT_SECRET;
  const given = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "";
  if (!secret || !given || !timingSafeEqual(digest(given), digest(secret))) {
    // Whoever calls this without the secret is not a relay of this service: nothing here tells them how one is set up.
    throw new AppError("unauthorized", "This address takes usage reports from this service's relays only.");
  }
}
