// Limits that hold against a stranger of the hosted edition (docs/security.md, "Limits and throttles"): sign-ups have
// a cap whatever the address, one person owns a few organizations at most, a new owner is not locked out by guesses
// at their fresh account, and the plan's seats hold when invitations race.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { call } from "./http";
import { createOrg, uid } from "./fixtures";
import { BILLING_ENV, createUser, sessionFrom, withEnv } from "./org-fixtures";
import { peerAddressHeader } from "@/lib/http/peer-address";
import { LIMITS } from "@/lib/auth/login-throttle";
import * as signup from "@/app/api/auth/signup/route";
import * as login from "@/app/api/auth/login/route";
import * as organizations from "@/app/api/organizations/route";
import * as invites from "@/app/api/invites/route";
import * as accept from "@/app/api/invites/accept/route";

const PASSWORD = "a long enough password";
let addressSeq = 0;
const anAddress = () => `198.18.${Math.floor(Math.random() * 250)}.${(addressSeq++ % 250) + 1}`;
const from = (address: string) => ({ [peerAddressHeader()]: address });

describe("cloud sign-up", () => {
  it("stops at the hourly cap across all addresses: every sign-up from a fresh address, and still no more than the cap", async () => {
    const row = await db.loginThrottle.findUnique({ where: { key: "signup-all" } });
    const counted = row && row.windowStartedAt.getTime() > Date.now() - 3_600_000 ? row.failures : 0;
    // Room for two more sign-ups in this window (other suites running beside this one may take them first).
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_SIGNUPS_PER_HOUR: String(counted + 2) }, async () => {
      const results: number[] = [];
      let refusal: { status: number; json: Record<string, unknown> } | null = null;
      for (let i = 0; i < 4 && !refusal; i++) {
        const username = `farm-${i}-${uid()}`;
        const res = await call(signup.POST, { method: "POST", body: { username, email: `${username}@example.com`, password: PASSWORD, organizationName: `Farm ${username}` }, headers: from(anAddress()) });
        results.push(res.status);
        if (res.status === 429) {
          refusal = res;
          expect(await db.user.count({ where: { username } })).toBe(0);
        }
      }
      expect(results.filter((s) => s === 201).length).toBeLessThanOrEqual(2);
      expect(refusal?.json).toMatchObject({ error: "rate_limited", message: expect.stringMatching(/paused/) });
      expect(Number(refusal?.json.retry_after)).toBeGreaterThan(0);
    });
  });

  it("lets one person own at most the configured number of organizations, racing requests included", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud", OUTREACH_MAX_OWNED_ORGANIZATIONS: "3" }, async () => {
      const owner = await createOrg();
      // They own one already; five at once ask for more.
      const tries = await Promise.all(
        Array.from({ length: 5 }, (_, i) => call(organizations.POST, { method: "POST", cookie: owner.cookie, body: { name: `More ${i} ${uid()}` } })),
      );
      expect(tries.filter((r) => r.status === 201).length).toBe(2);
      const refused = tries.find((r) => r.status === 409)!;
      expect(refused.json.message).toMatch(/own 3 organizations/);
      expect(await db.membership.count({ where: { userId: owner.userId, role: "owner" } })).toBe(3);
    });
  });

  it("remembers the sign-up's address, so guesses from elsewhere cannot lock the new owner out", async () => {
    await withEnv({ OUTREACH_EDITION: "cloud" }, async () => {
      const home = anAddress();
      const username = `newowner-${uid()}`;
      const created = await call(signup.POST, { method: "POST", body: { username, email: `${username}@example.com`, password: PASSWORD, organizationName: `Fresh ${username}` }, headers: from(home) });
      expect(created.status).toBe(201);
      // An attacker spreads wrong passwords over many addresses until the account's own limit is reached.
      for (let i = 0; i < LIMITS.account + 2; i++) {
        await call(login.POST, { method: "POST", body: { username, password: `wrong-${i}` }, headers: from(anAddress()) });
      }
      const elsewhere = await call(login.POST, { method: "POST", body: { username, password: PASSWORD }, headers: from(anAddress()) });
      expect(elsewhere.status).toBe(429);
      const fromHome = await call(login.POST, { method: "POST", body: { username, password: PASSWORD }, headers: from(home) });
      expect(fromHome.status).toBe(200);
    });
  });
});

describe("seats", () => {
  it("six invitations at once on a three-seat plan leave the members and pending invitations within three", async () => {
    await withEnv(BILLING_ENV, async () => {
      const owner = await createOrg();
      const made = await Promise.all(Array.from({ length: 6 }, () => call(invites.POST, { method: "POST", cookie: owner.cookie, body: { role: "member" } })));
      expect(made.filter((r) => r.status === 201).length).toBe(2);
      expect(made.filter((r) => r.status === 402).length).toBe(4);
      const pending = await db.invite.count({ where: { organizationId: owner.orgId, acceptedAt: null, revokedAt: null } });
      expect(1 + pending).toBe(3);
    });
  });

  it("counts seats again when an invitation is accepted: a link made before the seats filled does not add a fourth member", async () => {
    await withEnv(BILLING_ENV, async () => {
      const owner = await createOrg();
      const links = [];
      for (let i = 0; i < 2; i++) links.push((await call(invites.POST, { method: "POST", cookie: owner.cookie, body: { role: "member" } })).json.token as string);
      // A third member arrives by another path (an older invitation, the command line): the seats are now full.
      const walkIn = await createUser("walkin");
      await db.membership.create({ data: { organizationId: owner.orgId, userId: walkIn.id, role: "member" } });
      await db.membership.create({ data: { organizationId: owner.orgId, userId: (await createUser("third")).id, role: "member" } });
      const joiner = await createOrg();
      const res = await call(accept.POST, { method: "POST", cookie: joiner.cookie, body: { token: links[0] } });
      expect(res.status).toBe(402);
      expect(res.json.message).toMatch(/no free seat/);
      expect(await db.membership.count({ where: { organizationId: owner.orgId } })).toBe(3);
    });
  });

  it("accepting an invitation remembers the address it was accepted from", async () => {
    const owner = await createOrg();
    const link = (await call(invites.POST, { method: "POST", cookie: owner.cookie, body: { role: "member" } })).json.token as string;
    const joiner = await createOrg();
    const address = anAddress();
    const res = await call(accept.POST, { method: "POST", cookie: joiner.cookie, body: { token: link }, headers: from(address) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    sessionFrom(res);
    expect(await db.knownLoginAddress.count({ where: { userId: joiner.userId, address } })).toBe(1);
  });
});
