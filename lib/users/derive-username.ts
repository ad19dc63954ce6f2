// A username for someone who signed up with an email address only: the address's local part (without a +tag), in the
// characters usernames allow, and a short random suffix when it is taken or reserved ("alice", then "alice-3f9c").
import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { isReservedUsername } from "@/lib/users/reserved-usernames";

/** The username an address suggests, before checking whether it is free. */
export function usernameFromEmail(email: string): string {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/\+.*$/, "");
  const cleaned = local.replace(/[^a-z0-9._-]+/g, "-").replace(/^[-._]+|[-._]+$/g, "").slice(0, 40);
  if (cleaned.length >= 3) return cleaned;
  return cleaned ? `${cleaned}-user` : "user";
}

export async function deriveUsername(tx: Tx, email: string): Promise<string> {
  const base = usernameFromEmail(email);
  const free = async (name: string) => !isReservedUsername(name) && (await tx.user.findUnique({ where: { username: name }, select: { id: true } })) === null;
  if (await free(base)) return base;
  for (let i = 0; i < 5; i++) {
    const candidate = `${base}-${randomBytes(2).toString("hex")}`;
    if (await free(candidate)) return candidate;
  }
  return `${base}-${randomBytes(6).toString("hex")}`;
}
