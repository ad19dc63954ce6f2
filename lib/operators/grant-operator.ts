// Makes an existing user an operator, or stops them being one: only from the server's command line
// (`outreach operators:grant|revoke --user <username or email>`), so nothing reachable over HTTP can do it.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";

export interface OperatorRow {
  id: number;
  username: string;
  email: string | null;
  operatorSince: Date | null;
}

const select = { id: true, username: true, email: true, operatorSince: true } as const;

/** The user a username or an email address names (case-insensitively, as both are stored lower-cased). */
async function findUserOrThrow(user: string): Promise<OperatorRow> {
  const key = user.trim().toLowerCase();
  const row = await db.user.findFirst({ where: key.includes("@") ? { email: key } : { username: key }, select });
  if (!row) throw new AppError("not_found", `No user is called ${user.trim()}: give an existing username or email address.`);
  return row;
}

export async function grantOperator({ user, now = new Date() }: { user: string; now?: Date }): Promise<OperatorRow> {
  const row = await findUserOrThrow(user);
  if (row.operatorSince) return row;
  return db.user.update({ where: { id: row.id }, data: { operatorSince: now }, select });
}

export async function revokeOperator({ user }: { user: string }): Promise<OperatorRow> {
  const row = await findUserOrThrow(user);
  if (!row.operatorSince) return row;
  return db.user.update({ where: { id: row.id }, data: { operatorSince: null }, select });
}

export async function listOperators(): Promise<OperatorRow[]> {
  return db.user.findMany({ where: { operatorSince: { not: null } }, select, orderBy: { operatorSince: "asc" } });
}
