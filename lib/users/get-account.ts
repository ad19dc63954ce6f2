// The signed-in person's own account, as Settings > Account shows it: never the password hash.
import { db } from "@/lib/db/client";
import { mailSettings } from "@/lib/mail/mail-settings";

export interface AccountView {
  username: string;
  email: string | null;
  emailVerified: boolean;
  /** Whether this install sends mail (verification links, password resets). */
  mailAvailable: boolean;
  /** The zone mails to this person write times in (Settings > Account); "UTC" when none was chosen. */
  timeZone: string;
}

export async function getAccount({ userId }: { userId: number }): Promise<AccountView> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true, emailVerifiedAt: true, timeZone: true } });
  return { username: user.username, email: user.email, emailVerified: user.emailVerifiedAt !== null, mailAvailable: mailSettings() !== null, timeZone: user.timeZone ?? "UTC" };
}
