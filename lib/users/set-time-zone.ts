// PUT /api/auth/time-zone: the zone the mails sent to the signed-in person write times in. Pages do not need it (they
// use the browser's zone); a mail is written on the server, which has no browser to ask.
import { db } from "@/lib/db/client";

export async function setTimeZone({ userId, timeZone }: { userId: number; timeZone: string }): Promise<{ timeZone: string }> {
  const user = await db.user.update({ where: { id: userId }, data: { timeZone: timeZone === "UTC" ? null : timeZone }, select: { timeZone: true } });
  return { timeZone: user.timeZone ?? "UTC" };
}
