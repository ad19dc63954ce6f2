// Cross-tenant cases of the cloud edition's routes: B, and a person who belongs to both A and B but is acting in B,
// try A's organization, members, invitations, billing and cloud runner tokens. Nothing of A is shown or changed; A's
// ids answer like missing rows. People added to A for a case are removed again, so A looks as the suite made it.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { NextRequest } from "next/server";
import Stripe from "stripe";
import { db } from "@/lib/db/client";
import type { Role } from "@/lib/generated/prisma/enums";
import { generateCloudKeyPair } from "@/lib/relay-protocol/token";
import * as organizations from "@/app/api/organizations/route";
import * as organization from "@/app/api/organization/route";
import * as leave from "@/app/api/organization/leave/route";
import * as gettingStarted from "@/app/api/organization/getting-started/route";
import * as switchOrg from "@/app/api/auth/switch-organization/route";
import * as members from "@/app/api/members/route";
import * as member from "@/app/api/members/[id]/route";
import * as invites from "@/app/api/invites/route";
import * as invite from "@/app/api/invites/[id]/route";
import * as lookup from "@/app/api/invites/lookup/route";
import * as accept from "@/app/api/invites/accept/route";
import * as billing from "@/app/api/billing/route";
import * as checkout from "@/app/api/billing/checkout/route";
import * as portal from "@/app/api/billing/portal/route";
import * as stripeWebhook from "@/app/api/billing/webhook/route";
import * as tokens from "@/app/api/cloud-runner/tokens/route";
import * as token from "@/app/api/cloud-runner/tokens/[id]/route";
import * as revocations from "@/app/api/cloud-runner/revocations/route";
import * as usage from "@/app/api/cloud-runner/usage/route";
import * as stream from "@/app/api/stream/route";
import { call } from "./http";
import { uid } from "./fixtures";
import { addMember, BILLING_ENV, createUser, joinOrg, sessionFrom, withEnv } from "./org-fixtures";
import { expectUntouched, id, type RouteCases, type TenantWorld, readFrames } from "./cross-tenant-world";

const CLOUD = { OUTREACH_EDITION: "cloud" } as const;
const A_TOKEN_NAME = "A's build server token";
// The address A's pending invitation was made for: B never sees it.
const A_INVITE_EMAIL = `a-invitee-${randomUUID().slice(0, 8)}@a.example`;


export function cloudRouteCases(w: TenantWorld): RouteCases {
  const asB = () => ({ cookie: w.B.cookie });
  const aName = async () => (await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).name;

  /** A's cloud rows, made once: a pending invitation (and its token), a live token, ten minutes of cloud usage. */
  let seeded: Promise<{ inviteId: number; inviteToken: string; tokenId: number; jti: string }> | undefined;
  const aCloud = () =>
    (seeded ??= (async () => {
      const created = await call(invites.POST, { method: "POST", cookie: w.A.cookie, body: { role: "admin", email: A_INVITE_EMAIL } });
      expect(created.status).toBe(201);
      expect((await call(invites.GET, { cookie: w.A.cookie })).json.invites).toContainEqual(expect.objectContaining({ id: created.json.id, email: A_INVITE_EMAIL }));
      const jti = randomUUID();
      const t = await db.cloudRunnerToken.create({ data: { organizationId: w.A.orgId, jti, name: A_TOKEN_NAME, createdById: w.A.userId, expiresAt: new Date(Date.now() + 30 * 86_400_000) } });
      await db.meteredUsage.create({ data: { organizationId: w.A.orgId, sourceKey: `relay:${jti}:1`, seconds: 600, occurredAt: new Date() } });
      return { inviteId: created.json.id, inviteToken: created.json.token, tokenId: t.id, jti };
    })());
  const aCloudUntouched = async () => {
    const x = await aCloud();
    expect(await db.invite.findUniqueOrThrow({ where: { id: x.inviteId } })).toMatchObject({ revokedAt: null, acceptedAt: null, organizationId: w.A.orgId });
    expect(await db.cloudRunnerToken.findUniqueOrThrow({ where: { id: x.tokenId } })).toMatchObject({ revokedAt: null, organizationId: w.A.orgId, name: A_TOKEN_NAME });
    expect((await db.meteredUsage.aggregate({ where: { organizationId: w.A.orgId }, _sum: { seconds: true } }))._sum.seconds).toBe(600);
  };

  /**
   * Runs a case with a colleague of A (a member of A only) and a person of both organizations, acting in B with
   * `role` in each; both leave A afterwards.
   */
  async function withPeople(role: Role, fn: (p: { colleague: Awaited<ReturnType<typeof addMember>>; both: Awaited<ReturnType<typeof addMember>>; bothInA: Awaited<ReturnType<typeof joinOrg>> }) => Promise<void>) {
    const colleague = await addMember(w.A.orgId, "member");
    const both = await addMember(w.B.orgId, role);
    const bothInA = await joinOrg(both, w.A.orgId, role);
    try {
      await fn({ colleague, both, bothInA });
    } finally {
      await db.membership.deleteMany({ where: { organizationId: w.A.orgId, userId: { in: [colleague.userId, both.userId] } } });
    }
    expect(await db.membership.findMany({ where: { organizationId: w.A.orgId }, select: { userId: true } })).toEqual([{ userId: w.A.userId }]);
  }

  return {
    "/api/organizations": async () => {
      const name = await aName();
      const list = await call(organizations.GET, asB());
      expect(list.json.organizations.map((o: { id: number }) => o.id)).toEqual([w.B.orgId]);
      expect(JSON.stringify(list.json)).not.toContain(name);
      await withPeople("member", async ({ both }) => {
        const mine = await call(organizations.GET, { cookie: both.cookie });
        expect(mine.json.activeId).toBe(w.B.orgId);
      });
      await withEnv(CLOUD, async () => {
        const created = await call(organizations.POST, { ...asB(), method: "POST", body: { name: "B's second" } });
        expect(created.status).toBe(201);
        expect(await db.membership.findMany({ where: { organizationId: created.json.organization.id }, select: { userId: true } })).toEqual([{ userId: w.B.userId }]);
        await db.organization.delete({ where: { id: created.json.organization.id } });
      });
      expect(await db.membership.count({ where: { organizationId: w.A.orgId } })).toBe(1);
    },
    "/api/organization": async () => {
      const aBefore = await aName();
      const bBefore = (await db.organization.findUniqueOrThrow({ where: { id: w.B.orgId } })).name;
      try {
        await withPeople("owner", async ({ both }) => {
          for (const cookie of [w.B.cookie, both.cookie]) {
            const renamed = await call(organization.PATCH, { cookie, method: "PATCH", body: { name: "Taken over" } });
            expect(renamed.json).toEqual({ id: w.B.orgId, name: "Taken over" });
            // Typing A's name deletes nothing: the name is compared with the active organization's.
            const del = await call(organization.DELETE, { cookie, method: "DELETE", body: { confirmName: aBefore } });
            expect(del.status).toBe(400);
          }
        });
        expect(await aName()).toBe(aBefore);
        expect(await db.organization.count({ where: { id: w.A.orgId } })).toBe(1);
        await expectUntouched(w);
      } finally {
        await db.organization.update({ where: { id: w.B.orgId }, data: { name: bBefore } });
      }
    },
    "/api/organization/getting-started": async () => {
      // Hiding Getting started acts on the caller's active organization only, whoever else they belong to.
      try {
        await withPeople("member", async ({ both }) => {
          for (const cookie of [w.B.cookie, both.cookie]) {
            const res = await call(gettingStarted.PUT, { cookie, method: "PUT", body: { dismissed: true } });
            expect(res.json).toEqual({ dismissed: true });
          }
        });
        expect((await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).gettingStartedDismissedAt).toBeNull();
        expect((await db.organization.findUniqueOrThrow({ where: { id: w.B.orgId } })).gettingStartedDismissedAt).not.toBeNull();
        await expectUntouched(w);
      } finally {
        await db.organization.update({ where: { id: w.B.orgId }, data: { gettingStartedDismissedAt: null } });
      }
    },
    "/api/organization/leave": async () => {
      await withPeople("admin", async ({ both }) => {
        const res = await call(leave.POST, { method: "POST", cookie: both.cookie });
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ left: w.B.orgId, activeId: w.A.orgId });
        // Leaving B left A alone: still a member there, with the same role.
        expect((await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: w.A.orgId, userId: both.userId } } })).role).toBe("admin");
        expect(await db.membership.count({ where: { organizationId: w.B.orgId, userId: both.userId } })).toBe(0);
      });
    },
    "/api/auth/switch-organization": async () => {
      const res = await call(switchOrg.POST, { ...asB(), method: "POST", body: { organizationId: w.A.orgId } });
      expect(res.status).toBe(404);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(JSON.stringify(res.json)).not.toContain(await aName());
      expect((await call(organizations.GET, asB())).json.activeId).toBe(w.B.orgId);
    },
    "/api/members": async () => {
      await withPeople("admin", async ({ colleague, both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const res = await call(members.GET, { cookie });
          expect(res.status).toBe(200);
          const names = res.json.members.map((m: { username: string }) => m.username);
          expect(names).not.toContain(w.A.username);
          expect(names).not.toContain(colleague.username);
          expect(names).toEqual(expect.arrayContaining([w.B.username, both.username]));
          expect(res.json.members).toHaveLength(await db.membership.count({ where: { organizationId: w.B.orgId } }));
        }
      });
    },
    "/api/members/[id]": async () => {
      await withPeople("owner", async ({ colleague, both }) => {
        const aOwner = await db.membership.findUniqueOrThrow({ where: { organizationId_userId: { organizationId: w.A.orgId, userId: w.A.userId } } });
        for (const cookie of [w.B.cookie, both.cookie]) {
          for (const target of [colleague.membershipId, aOwner.id]) {
            const patch = await call(member.PATCH, { cookie, method: "PATCH", params: { id: id(target) }, body: { role: "admin" } });
            expect(patch.status).toBe(404);
            expect(patch.json).toEqual({ error: "not_found", message: "Member not found" });
            expect((await call(member.DELETE, { cookie, method: "DELETE", params: { id: id(target) } })).status).toBe(404);
          }
        }
        expect((await db.membership.findUniqueOrThrow({ where: { id: colleague.membershipId } })).role).toBe("member");
        expect((await db.membership.findUniqueOrThrow({ where: { id: aOwner.id } })).role).toBe("owner");
      });
    },
    "/api/invites": async () => {
      const x = await aCloud();
      await withPeople("admin", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const list = await call(invites.GET, { cookie });
          expect(list.status).toBe(200);
          expect(list.json.invites.map((i: { id: number }) => i.id)).not.toContain(x.inviteId);
          expect(JSON.stringify(list.json)).not.toContain(A_INVITE_EMAIL);
        }
        const made = await call(invites.POST, { cookie: both.cookie, method: "POST", body: {} });
        expect(made.status).toBe(201);
        expect((await db.invite.findUniqueOrThrow({ where: { id: made.json.id } })).organizationId).toBe(w.B.orgId);
      });
      await aCloudUntouched();
    },
    "/api/invites/[id]": async () => {
      const x = await aCloud();
      await withPeople("owner", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const res = await call(invite.DELETE, { cookie, method: "DELETE", params: { id: id(x.inviteId) } });
          expect(res.status).toBe(404);
          expect(res.json).toEqual({ error: "not_found", message: "Invitation not found" });
        }
      });
      expect((await call(lookup.GET, { path: `/api/invites/lookup?token=${x.inviteToken}` })).json.state).toBe("pending");
      await aCloudUntouched();
    },
    "/api/invites/lookup": async () => {
      await aCloud();
      // The answer is about the token in hand only: B's link names B, never A.
      const bInvite = await call(invites.POST, { ...asB(), method: "POST", body: {} });
      const res = await call(lookup.GET, { path: `/api/invites/lookup?token=${bInvite.json.token}` });
      expect(res.json.organizationName).toBe((await db.organization.findUniqueOrThrow({ where: { id: w.B.orgId } })).name);
      expect(JSON.stringify(res.json)).not.toContain(await aName());
      // Nor does the public lookup of A's own link show the address it was made for.
      const aLookup = await call(lookup.GET, { path: `/api/invites/lookup?token=${(await aCloud()).inviteToken}` });
      expect(aLookup.json.state).toBe("pending");
      expect(JSON.stringify(aLookup.json)).not.toContain(A_INVITE_EMAIL);
    },
    "/api/invites/accept": async () => {
      const x = await aCloud();
      // B's link joins B only, and moves the session to B.
      const bInvite = await call(invites.POST, { ...asB(), method: "POST", body: {} });
      const newcomer = await createUser("newcomer");
      const inOwn = await db.organization.create({ data: { name: `Own ${uid()}`, slug: `own-${uid()}` } });
      const own = await joinOrg({ userId: newcomer.id, username: newcomer.username }, inOwn.id, "owner");
      const res = await call(accept.POST, { method: "POST", cookie: own.cookie, body: { token: bInvite.json.token } });
      expect(res.status).toBe(200);
      expect(res.json.organization.id).toBe(w.B.orgId);
      expect((await call(organizations.GET, { cookie: sessionFrom(res) })).json.activeId).toBe(w.B.orgId);
      expect(await db.membership.count({ where: { organizationId: w.A.orgId, userId: newcomer.id } })).toBe(0);
      // A revoked link of A lets B's owner in nowhere.
      const revokedA = await call(invites.POST, { cookie: w.A.cookie, method: "POST", body: {} });
      await db.invite.update({ where: { id: revokedA.json.id }, data: { revokedAt: new Date() } });
      const refused = await call(accept.POST, { ...asB(), method: "POST", body: { token: revokedA.json.token } });
      expect(refused.status).toBe(409);
      expect(await db.membership.count({ where: { organizationId: w.A.orgId } })).toBe(1);
      await aCloudUntouched();
      expect(x.inviteId).not.toBe(revokedA.json.id);
    },
    "/api/billing": async () => {
      await aCloud();
      const aView = await call(billing.GET, { cookie: w.A.cookie });
      expect(aView.json.usage.usedMinutes).toBe(10);
      await withPeople("admin", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const res = await call(billing.GET, { cookie });
          expect(res.status).toBe(200);
          expect(res.json.usage.usedMinutes).toBe(0);
          expect(res.json.members.count).toBe(await db.membership.count({ where: { organizationId: w.B.orgId } }));
        }
      });
    },
    "/api/billing/checkout": async () => {
      // Billing is off here (503), and nothing of A is touched on the way.
      await withPeople("owner", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) expect((await call(checkout.POST, { cookie, method: "POST" })).status).toBe(503);
      });
      expect(await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).toMatchObject({ stripeCustomerId: null, plan: "free", subscriptionStatus: null });
    },
    "/api/billing/portal": async () => {
      await withPeople("owner", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) expect((await call(portal.POST, { cookie, method: "POST" })).status).toBe(503);
      });
      expect(await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).toMatchObject({ stripeCustomerId: null });
    },
    "/api/billing/webhook": async () => {
      // A Checkout finished by B's customer that names A's organization cannot take A's billing over.
      const aCustomer = `cus_a_${uid()}`;
      await db.organization.update({ where: { id: w.A.orgId }, data: { stripeCustomerId: aCustomer } });
      try {
        await withEnv(BILLING_ENV, async () => {
          const eventId = `evt_${uid()}${uid()}`;
          const payload = JSON.stringify({
            id: eventId, object: "event", type: "checkout.session.completed",
            data: { object: { id: `cs_${uid()}`, object: "checkout.session", client_reference_id: String(w.A.orgId), customer: `cus_b_${uid()}`, subscription: null } },
          });
          const signature = new Stripe("sk_test_other").webhooks.generateTestHeaderString({ payload, secret: BILLING_ENV.STRIPE_WEBHOOK_SECRET });
          const res = await call(stripeWebhook.POST, { method: "POST", rawBody: payload, headers: { "content-type": "application/json", "stripe-signature": signature } });
          expect(res.status, JSON.stringify(res.json)).toBe(200);
          expect(res.json).toEqual({ received: true, duplicate: false, type: "checkout.session.completed" });
          expect(await db.stripeEvent.findUniqueOrThrow({ where: { id: eventId } })).toMatchObject({ organizationId: null });
        });
        expect(await db.organization.findUniqueOrThrow({ where: { id: w.A.orgId } })).toMatchObject({ stripeCustomerId: aCustomer, plan: "free", stripeSubscriptionId: null });
      } finally {
        await db.organization.update({ where: { id: w.A.orgId }, data: { stripeCustomerId: null } });
      }
    },
    "/api/cloud-runner/tokens": async () => {
      const x = await aCloud();
      await withPeople("admin", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const list = await call(tokens.GET, { cookie });
          expect(list.status).toBe(200);
          expect(list.json.tokens.map((t: { id: number }) => t.id)).not.toContain(x.tokenId);
          expect(JSON.stringify(list.json)).not.toContain(A_TOKEN_NAME);
        }
        await withEnv({ ...CLOUD, OUTREACH_CLOUD_SIGNING_KEY: generateCloudKeyPair().privateKey }, async () => {
          const issued = await call(tokens.POST, { cookie: both.cookie, method: "POST", body: { name: "Issued while in B" } });
          expect(issued.status, JSON.stringify(issued.json)).toBe(201);
          expect((await db.cloudRunnerToken.findUniqueOrThrow({ where: { id: issued.json.id } })).organizationId).toBe(w.B.orgId);
        });
      });
      expect(await db.cloudRunnerToken.count({ where: { organizationId: w.A.orgId } })).toBe(1);
      await aCloudUntouched();
    },
    "/api/cloud-runner/tokens/[id]": async () => {
      const x = await aCloud();
      await withPeople("owner", async ({ both }) => {
        for (const cookie of [w.B.cookie, both.cookie]) {
          const res = await call(token.DELETE, { cookie, method: "DELETE", params: { id: id(x.tokenId) } });
          expect(res.status).toBe(404);
          expect(res.json).toEqual({ error: "not_found", message: "Token not found" });
        }
      });
      await aCloudUntouched();
    },
    "/api/cloud-runner/revocations": async () => {
      await aCloud();
      // The relays' list carries random token ids only: no organization, no token names.
      const revoked = await db.cloudRunnerToken.create({
        data: { organizationId: w.A.orgId, jti: randomUUID(), name: "A's revoked token", expiresAt: new Date(Date.now() + 86_400_000), revokedAt: new Date() },
      });
      try {
        await withEnv(CLOUD, async () => {
          const res = await call(revocations.GET, {});
          expect(res.status).toBe(200);
          expect(Object.keys(res.json).sort()).toEqual(["blocked", "revoked"]);
          expect(res.json.revoked).toContain(revoked.jti);
          const text = JSON.stringify(res.json);
          for (const leak of ["A's revoked token", A_TOKEN_NAME, await aName()]) expect(text).not.toContain(leak);
        });
      } finally {
        await db.cloudRunnerToken.delete({ where: { id: revoked.id } });
      }
    },
    "/api/cloud-runner/usage": async () => {
      await aCloud();
      // A report is metered to the token's organization, whatever organization the report names.
      const bJti = randomUUID();
      await db.cloudRunnerToken.create({ data: { organizationId: w.B.orgId, jti: bJti, name: "B's token", expiresAt: new Date(Date.now() + 86_400_000) } });
      const secret = "cross-tenant-relay-report-secret";
      await withEnv({ ...CLOUD, OUTREACH_RELAY_REPORT_SECRET: secret }, async () => {
        const res = await call(usage.POST, {
          method: "POST", headers: { authorization: `Bearer ${secret}` },
          body: { jti: bJti, org: w.A.orgId, runId: 99, seconds: 3600, endedAt: new Date().toISOString() },
        });
        expect(res.status).toBe(202);
        expect(res.json).toEqual({ recorded: true });
      });
      expect(await db.meteredUsage.findMany({ where: { sourceKey: `relay:${bJti}:99` }, select: { organizationId: true, seconds: true } })).toEqual([{ organizationId: w.B.orgId, seconds: 3600 }]);
      await aCloudUntouched();
    },
    // An addition to the stream's own case (cross-tenant-run-cases.ts), under its own name so it does not replace it.
    "/api/stream (a person of both organizations)": async () => {
      // Acting in B, they hear none of A's events.
      await withPeople("member", async ({ both }) => {
        const open = (cookie: string) => stream.GET(new NextRequest("http://localhost/api/stream", { headers: { cookie } }), { params: Promise.resolve({}) });
        const [resA, resBoth] = await Promise.all([open(w.A.cookie), open(both.cookie)]);
        expect(resBoth.status).toBe(200);
        const bothText = readFrames(resBoth, () => false, 2_500);
        const aText = readFrames(resA, (t) => t.includes("drafts:changed"), 5_000);
        await new Promise((r) => setTimeout(r, 300));
        await db.draft.update({ where: { id: w.a.draftId }, data: { qualityReason: null } });
        const [ta, tb] = await Promise.all([aText, bothText]);
        expect(ta).toContain(`event: drafts:changed\ndata: {"ids":[${w.a.draftId}]`);
        expect(tb).toContain("event: hello");
        expect(tb).not.toContain("drafts:changed");
        expect(tb).not.toContain(`"ids":[${w.a.draftId}`);
      });
    },
  };
}
