// A user row, refusing a taken username with a clear message (inside the caller's transaction).
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export async function createUser(tx: Tx, { username, passwordHash }: { username: string; passwordHash: string }) {
  if (await tx.user.findUnique({ where: { username }, select: { id: true } })) throw new AppError("conflict", "That username is taken");
  const user = await tx.user.create({ data: { username, passwordHash }, select: { id: true, username: true } });
  return user;
}
