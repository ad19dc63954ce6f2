// A user row (inside the caller's transaction), refusing a taken username or email address with a sentence that says
// which (a reserved name reads as taken). Without a username, one is derived from the email address
// (lib/users/derive-username.ts).
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { deriveUsername } from "@/lib/users/derive-username";
import { isReservedUsername } from "@/lib/users/reserved-usernames";

export const EMAIL_TAKEN = "An account with this email address already exists. Sign in, or reset its password from the sign-in page.";

export async function createUser(tx: Tx, { username, email, passwordHash, commandLine = false }: {
  username?: string;
  email?: string;
  passwordHash: string;
  /** Made by the server's command line, where the operator may choose a reserved name. */
  commandLine?: boolean;
}) {
  if (!username && !email) throw new AppError("bad_request", "Choose a username, or enter your email address.", { field: "username" });
  if (email && (await tx.user.findUnique({ where: { email }, select: { id: true } }))) throw new AppError("conflict", EMAIL_TAKEN, { field: "email" });
  if (username && ((!commandLine && isReservedUsername(username)) || (await tx.user.findUnique({ where: { username }, select: { id: true } })))) {
    throw new AppError("conflict", "That username is taken", { field: "username" });
  }
  const name = username ?? (await deriveUsername(tx, email!));
  return tx.user.create({ data: { username: name, email: email ?? null, passwordHash }, select: { id: true, username: true, email: true } });
}
