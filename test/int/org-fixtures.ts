// Fixtures for the organization, member and invite suites: more people in one organization, one person in several
// organizations, the session a response moves to, and the cloud edition (or any setting) switched on for a while.
import { afterAll, beforeAll } from "vitest";
import { db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { encodeSession, SESSION_COOKIE } from "@/lib/auth/session-cookie";
import type { Role } from "@/lib/generated/prisma/enums";
import { FIXTURE_PASSWORD, uid, type OrgFixture } from "./fixtures";
import { grantOperator, revokeOperator } from "@/lib/operators/grant-operator";

let sharedHash: Promise<string> | undefined;

/** The `cookie` header value of a session for this user acting in this organization. */
export async function sessionCookie(claims: { userId: number; orgId: number; username: string }): Promise<string> {
  return `${SESSION_COOKIE}=${await encodeSession(claims)}`;
}

/** A user who belongs to no organization yet. */
export async function createUser(prefix = "person") {
  sharedHash ??= hashPassword(FIXTURE_PASSWORD);
  return db.user.create({ data: { username: `${prefix}-${uid()}`, passwordHash: await sharedHash }, select: { id: true, username: true } });
}

/** A new user who joins an existing organization with `role`, signed in to it. */
export async function addMember(orgId: number, role: Role): Promise<OrgFixture & { membershipId: number }> {
  const user = await createUser(role);
  return joinOrg({ userId: user.id, username: user.username }, orgId, role);
}

/** An existing user joins another organization with `role`; the answer is a session acting in that organization. */
export async function joinOrg(user: { userId: number; username: string }, orgId: number, role: Role): Promise<OrgFixture & { membershipId: number }> {
  const m = await db.membership.create({ data: { organizationId: orgId, userId: user.userId, role } });
  return { orgId, userId: user.userId, username: user.username, cookie: await sessionCookie({ ...user, orgId }), membershipId: m.id };
}

/** The session a response re-issued (`outreach_session=...`), to continue as it. */
export function sessionFrom(res: { headers: Headers }): string {
  const header = res.headers.get("set-cookie");
  if (!header) throw new Error("the response set no cookie");
  const pair = header.split(";")[0]!;
  if (!pair.startsWith(`${SESSION_COOKIE}=`)) throw new Error(`unexpected cookie: ${pair}`);
  return pair;
}

/** Sets environment variables until `restore` is called; a value of undefined removes the variable. */
export function setEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  return () => apply(saved);
}

/** Runs `fn` with the variables set, restoring them afterwards whatever happens. */
export async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** Runs `fn` with the user made an operator (as `outreach operators:grant` does), and takes the grant back after. */
export async function asOperatorUser<T>(user: { userId: number; username: string }, fn: () => Promise<T>): Promise<T> {
  await grantOperator({ user: user.username });
  try {
    return await fn();
  } finally {
    await revokeOperator({ user: user.username });
  }
}

/** The enclosing describe block (or file) runs as the given edition. */
export function useEdition(edition: "cloud" | "self-hosted") {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = setEnv({ OUTREACH_EDITION: edition });
  });
  afterAll(() => restore?.());
}

/** Billing switched on (cloud edition and Stripe keys); nothing here reaches Stripe unless a route asks it to. */
export const BILLING_ENV = {
  OUTREACH_EDITION: "cloud",
  STRIPE_SECRET_KEY: "sk_test_integration",
  STRIPE_WEBHOOK_SECRET: "whsec_integration_secret",
  STRIPE_PRICE_PRO: "price_pro_integration",
} as const;

/** Counts of an organization's rows in every table that has an organization_id column. */
export async function rowsByTable(orgId: number): Promise<Record<string, number>> {
  const tables = await db.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.columns
    WHERE column_name = 'organization_id' AND table_schema = current_schema() ORDER BY table_name`;
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${table_name}" WHERE organization_id = $1`, orgId);
    out[table_name] = row!.n;
  }
  return out;
}
