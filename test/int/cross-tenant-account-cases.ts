// Cross-tenant cases of the account routes: a person of B resets, verifies and changes their own password and
// address, with real mail (test/int/mail-sink.ts). Nothing of A's person changes (password, session version, address,
// verification), A's session keeps working, no mail reaches A's address, and B cannot take A's address. Each case uses
// a person of B of its own, so B's shared session stays valid for the other cases.
import { expect } from "vitest";
import { db } from "@/lib/db/client";
import * as passwordReset from "@/app/api/auth/password-reset/route";
import * as passwordResetConfirm from "@/app/api/auth/password-reset/confirm/route";
import * as verifyEmail from "@/app/api/auth/verify-email/route";
import * as email from "@/app/api/auth/email/route";
import * as verification from "@/app/api/auth/email/verification/route";
import * as password from "@/app/api/auth/password/route";
import * as timeZone from "@/app/api/auth/time-zone/route";
import * as projects from "@/app/api/projects/route";
import * as organizations from "@/app/api/organizations/route";
import { FIXTURE_PASSWORD, uid } from "./fixtures";
import { call } from "./http";
import { addMember } from "./org-fixtures";
import { tokenOf, withMailSink } from "./mail-sink";
import type { RouteCases, TenantWorld } from "./cross-tenant-world";

const NEW_PASSWORD = "b's brand new password";

export function accountRouteCases(w: TenantWorld): RouteCases {
  const aEmail = `a-owner-${uid()}@a.example`;
  let given: Promise<void> | undefined;
  /** A's person has an address (once), so a case can show nothing reaches it. */
  const giveAEmail = () => (given ??= db.user.update({ where: { id: w.A.userId }, data: { email: aEmail } }).then(() => undefined));
  const aPerson = () => db.user.findUniqueOrThrow({ where: { id: w.A.userId }, select: { email: true, emailVerifiedAt: true, passwordHash: true, sessionVersion: true, timeZone: true } });

  /** A person of B with an address of their own, signed in to B. */
  async function bPerson() {
    const person = await addMember(w.B.orgId, "member");
    const address = `b-${uid()}@b.example`;
    await db.user.update({ where: { id: person.userId }, data: { email: address } });
    return { ...person, email: address };
  }

  /** Runs a case and checks that A's person and A's session came out exactly as they went in. */
  async function aUnchanged(fn: () => Promise<void>) {
    await giveAEmail();
    const before = await aPerson();
    await fn();
    expect(await aPerson()).toEqual(before);
    expect((await call(projects.GET, { cookie: w.A.cookie })).status).toBe(200);
    expect(await db.accountToken.count({ where: { userId: w.A.userId } })).toBe(0);
  }

  return {
    "/api/auth/password-reset": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          const res = await call(passwordReset.POST, { method: "POST", body: { email: b.email } });
          expect(res.status).toBe(202);
          expect((await sink.settled()).map((m) => m.to)).toEqual([b.email]);
          expect(await sink.settled(aEmail)).toEqual([]);
        }),
      );
    },
    "/api/auth/password-reset/confirm": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          await call(passwordReset.POST, { method: "POST", body: { email: b.email } });
          const done = await call(passwordResetConfirm.POST, { method: "POST", body: { token: tokenOf(await sink.linkFor(b.email, "/reset-password")), password: NEW_PASSWORD } });
          expect(done.status, JSON.stringify(done.json)).toBe(200);
          expect(done.json.user.id).toBe(b.userId);
          // The new session is the person's own, in B.
          const cookie = done.headers.get("set-cookie")!.split(";")[0]!;
          expect((await call(organizations.GET, { cookie })).json.activeId).toBe(w.B.orgId);
          expect((await db.user.findUniqueOrThrow({ where: { id: b.userId } })).sessionVersion).toBe(1);
          // B's other people keep their sessions too.
          expect((await call(projects.GET, { cookie: w.B.cookie })).status).toBe(200);
          // The link, then the notice of the change: both to B's person only.
          expect((await sink.settled()).map((m) => m.to)).toEqual([b.email, b.email]);
        }),
      );
    },
    "/api/auth/verify-email": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          expect((await call(verification.POST, { method: "POST", cookie: b.cookie })).status).toBe(202);
          const res = await call(verifyEmail.POST, { method: "POST", body: { token: tokenOf(await sink.linkFor(b.email, "/verify-email")) } });
          expect(res.json).toEqual({ email: b.email, verified: true, joined: [] });
          expect((await db.user.findUniqueOrThrow({ where: { id: b.userId } })).emailVerifiedAt).not.toBeNull();
        }),
      );
    },
    "/api/auth/email": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          const taken = await call(email.PUT, { method: "PUT", cookie: b.cookie, body: { email: aEmail.toUpperCase(), currentPassword: FIXTURE_PASSWORD } });
          expect(taken.status).toBe(409);
          expect((await db.user.findUniqueOrThrow({ where: { id: b.userId } })).email).toBe(b.email);
          const moved = `b-moved-${uid()}@b.example`;
          const res = await call(email.PUT, { method: "PUT", cookie: b.cookie, body: { email: moved, currentPassword: FIXTURE_PASSWORD } });
          expect(res.status).toBe(200);
          expect(res.json).toMatchObject({ username: b.username, email: moved });
          expect(JSON.stringify(res.json)).not.toContain(aEmail);
          // The notice to the old address and the verification link to the new one; A's address hears nothing.
          expect((await sink.settled()).map((m) => m.to).sort()).toEqual([b.email, moved].sort());
        }),
      );
    },
    "/api/auth/email/verification": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          const res = await call(verification.POST, { method: "POST", cookie: b.cookie });
          expect(res.json).toEqual({ sentTo: b.email });
          expect((await sink.settled()).map((m) => m.to)).toEqual([b.email]);
        }),
      );
    },
    "/api/auth/password": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          const res = await call(password.POST, { method: "POST", cookie: b.cookie, body: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD } });
          expect(res.status).toBe(200);
          expect((await call(projects.GET, { cookie: b.cookie })).status).toBe(401);
          expect((await call(projects.GET, { cookie: w.B.cookie })).status).toBe(200);
          // The notice of the change goes to B's person only.
          expect((await sink.settled()).map((m) => m.to)).toEqual([b.email]);
        }),
      );
    },
    "/api/auth/time-zone": async () => {
      await aUnchanged(() =>
        withMailSink(async (sink) => {
          const b = await bPerson();
          const res = await call(timeZone.PUT, { method: "PUT", cookie: b.cookie, body: { timeZone: "Asia/Tokyo" } });
          expect(res.status).toBe(200);
          expect(res.json).toEqual({ timeZone: "Asia/Tokyo" });
          expect((await db.user.findUniqueOrThrow({ where: { id: b.userId } })).timeZone).toBe("Asia/Tokyo");
          // B's own notice is written in B's zone; A's setting (and A's mailbox) is untouched.
          expect((await call(password.POST, { method: "POST", cookie: b.cookie, body: { currentPassword: FIXTURE_PASSWORD, newPassword: NEW_PASSWORD } })).status).toBe(200);
          const [notice] = await sink.settled();
          expect(notice!.to).toBe(b.email);
          expect(notice!.text).toMatch(/was changed on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} GMT\+9\./);
        }),
      );
    },
  };
}
