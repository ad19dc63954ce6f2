// Disconnects the organization's provider: people who joined through it keep their membership (and sign in with a
// password once they set one through Forgot password), and the domain is free again.
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/http/errors";

export async function deleteSsoConnection({ orgId }: { orgId: number }): Promise<void> {
  const { count } = await db.ssoConnection.deleteMany({ where: { organizationId: orgId } });
  if (count === 0) throw notFound("Single sign-on connection");
}
