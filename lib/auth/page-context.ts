// For server-rendered dashboard pages: the caller, or a redirect to sign-in (or to first-run setup).
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { resolveSessionCaller, type OrgCaller } from "@/lib/auth/resolve-session-caller";

export async function getPageContext(): Promise<OrgCaller> {
  const jar = await cookies();
  const header = jar.getAll().map((c) => `${c.name}=${c.value}`).join("; ");
  const caller = await resolveSessionCaller(header);
  if (caller) return caller;
  if ((await db.user.count()) === 0) redirect("/signup");
  redirect("/login");
}
