// The zone a mail to a person writes times in: their account's setting (Settings > Account), or UTC. A stored name this
// Node no longer knows reads as UTC rather than failing the mail.
import { isTimeZone } from "@/lib/users/schemas";

export function mailTimeZone(stored: string | null | undefined): string {
  return stored && isTimeZone(stored) ? stored : "UTC";
}
