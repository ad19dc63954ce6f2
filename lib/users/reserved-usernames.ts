// Usernames no sign-up may take (docs/security.md "Operators"): in the cloud edition, where every sign-up is a
// stranger, the names a service's own people and mail use; in both editions, every name the operator's bootstrap
// variable lists (its free names from before operators were granted by id, and the local part of each address), so no
// stranger holds a name that looks like the operator's. A reserved name is refused exactly like a taken one, so the
// refusal reveals nothing more than that. The server's command line (users:create) is not a sign-up and may use them.
import { readEnv } from "@/lib/env";
import { isCloudEdition } from "@/lib/edition/edition";

const ALWAYS = new Set([
  "admin", "administrator", "root", "operator", "operators", "ops", "sysadmin", "system", "support", "help", "security",
  "billing", "abuse", "postmaster", "hostmaster", "webmaster", "noreply", "no-reply", "outreach", "staff", "owner",
]);

export function isReservedUsername(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (isCloudEdition() && ALWAYS.has(lower)) return true;
  for (const entry of (readEnv().OUTREACH_OPERATORS ?? "").split(",")) {
    const named = entry.trim().toLowerCase();
    if (!named) continue;
    if (lower === named || lower === named.split("@")[0]) return true;
  }
  return false;
}
